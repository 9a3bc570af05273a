// btcpp_groot_serve: serves an XML tree with BehaviorTree.CPP's Groot2Publisher, ticking it at a
// fixed rate with scripted generic leaves, until killed (SIGINT or SIGTERM end it cleanly) or,
// with --ticks, after N ticks.
//
//   btcpp_groot_serve [OPTIONS] FILE
//
//   --port P       Groot2Publisher's server port (default 1667; it also binds P+1 for the
//                  publisher socket, as BehaviorTree.CPP does)
//   --hz H         ticks per second (default 10)
//   --ticks N      stop after N ticks (default: run until killed)
//   --delay MS     wait MS milliseconds after the publisher is up before the first tick (a
//                  client can then put a breakpoint on the first tick)
//   --lines        print the listing, status changes and root statuses as btcpp_load does
//   (and the leaf options: --models, --generic-unknown, --main, --script, --leaf, --default,
//   --set; see README.md)
//
// Prints `serving FILE on port P` once the publisher is up, then (with --lines) the same lines
// as btcpp_load --ticks; tick TICK is the TICK-th tick since the start, so the leaves' statuses
// are those of the script's tick TICK, as in btcpp_load.
#include <atomic>
#include <chrono>
#include <csignal>
#include <iostream>
#include <thread>

#include "behaviortree_cpp/loggers/groot2_publisher.h"
#include "harness.hpp"

namespace
{
std::atomic<bool> stop{ false };
void on_signal(int)
{
  stop = true;
}
}  // namespace

int main(int argc, char** argv)
{
  harness::LeafOptions opts;
  std::string file;
  unsigned port = 1667;
  double hz = 10.0;
  uint64_t max_ticks = 0;
  uint64_t delay_ms = 0;
  bool lines = false;
  try
  {
    for(int i = 1; i < argc; i++)
    {
      const std::string a = argv[i];
      if(opts.parse(argc, argv, i))
        continue;
      if(a == "--port" && i + 1 < argc)
        port = static_cast<unsigned>(std::stoul(argv[++i]));
      else if(a == "--hz" && i + 1 < argc)
        hz = std::stod(argv[++i]);
      else if(a == "--ticks" && i + 1 < argc)
        max_ticks = std::stoull(argv[++i]);
      else if(a == "--delay" && i + 1 < argc)
        delay_ms = std::stoull(argv[++i]);
      else if(a == "--lines")
        lines = true;
      else if(a == "-h" || a == "--help")
      {
        std::cout << "usage: btcpp_groot_serve [--port P] [--hz H] [--ticks N] [--delay MS] [--lines] "
                     "[leaf options] FILE\n"
                  << harness::LeafOptions::usage();
        return 0;
      }
      else if(!a.empty() && a[0] == '-')
        throw std::runtime_error("unknown option " + a);
      else if(file.empty())
        file = a;
      else
        throw std::runtime_error("one file only");
    }
    if(file.empty())
      throw std::runtime_error("no file given");
    if(!(hz > 0.0))
      throw std::runtime_error("--hz must be positive");
  }
  catch(const std::exception& e)
  {
    std::cerr << "btcpp_groot_serve: " << e.what() << "\n";
    return 2;
  }

  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  BT::BehaviorTreeFactory factory;
  std::unique_ptr<BT::Tree> tree;
  try
  {
    harness::Registered reg;
    tree = std::make_unique<BT::Tree>(harness::load_tree(factory, file, opts, reg));
  }
  catch(const std::exception& e)
  {
    std::cout << "fail " << file << ": " << harness::one_line(e.what()) << std::endl;
    return 1;
  }
  std::string error;
  {
    std::unique_ptr<BT::Groot2Publisher> publisher;
    try
    {
      publisher = std::make_unique<BT::Groot2Publisher>(*tree, port);
    }
    catch(const std::exception& e)
    {
      std::cout << "fail " << file << ": Groot2Publisher on port " << port << ": "
                << harness::one_line(e.what()) << std::endl;
      (void)harness::dispose(std::move(*tree));
      return 1;
    }
    std::cout << "serving " << file << " on port " << port << std::endl;
    std::unique_ptr<harness::ChangeLines> changes;
    if(lines)
    {
      harness::write_listing(*tree, std::cout);
      changes = std::make_unique<harness::ChangeLines>(*tree, *opts.script, std::cout);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    const auto period = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double>(1.0 / hz));
    auto next = std::chrono::steady_clock::now();
    try
    {
      for(uint64_t t = 1; !stop && (max_ticks == 0 || t <= max_ticks); t++)
      {
        const BT::NodeStatus s = harness::tick(*tree, *opts.script, t);
        if(lines)
          std::cout << "tick " << t << ' ' << harness::status_name(s) << std::endl;
        next += period;
        std::this_thread::sleep_until(next);
      }
    }
    catch(const std::exception& e)
    {
      error = harness::one_line(e.what());
    }
  }
  const std::string halt = harness::dispose(std::move(*tree));
  if(!halt.empty())
    std::cout << "note " << file << ": halting the tree throws: " << halt << std::endl;
  if(!error.empty())
  {
    std::cout << "fail " << file << ": " << error << std::endl;
    return 1;
  }
  return 0;
}
