// btcpp_btlog: ticks an XML tree N times with scripted generic leaves and BehaviorTree.CPP's
// FileLogger2 attached, and writes the .btlog file.
//
//   btcpp_btlog [OPTIONS] FILE OUT.btlog
//
//   --ticks N      ticks (tickExactlyOnce; default 10)
//   --lines        also print the listing, status changes and root statuses as btcpp_load does
//   (and the leaf options: --models, --generic-unknown, --main, --script, --leaf, --default,
//   --set; see README.md)
//
// The leaves follow the script exactly as in btcpp_load, so the transitions in the .btlog are the
// `change` lines of `btcpp_load --ticks N` with the same options. Only the timestamps are not
// reproducible (FileLogger2 writes wall-clock microseconds). FileLogger2 writes the file from its
// own thread and completes it when destroyed, after the last tick (and a 100 ms pause: destroyed
// while writing, it drops what was queued meanwhile); the tree is halted only after that, so the
// file holds the transitions of the N ticks and nothing else.
// Prints `wrote OUT.btlog (N ticks)` last.
#include <chrono>
#include <iostream>
#include <thread>

#include "behaviortree_cpp/loggers/bt_file_logger_v2.h"
#include "harness.hpp"

int main(int argc, char** argv)
{
  harness::LeafOptions opts;
  std::vector<std::string> positional;
  uint64_t ticks = 10;
  bool lines = false;
  try
  {
    for(int i = 1; i < argc; i++)
    {
      const std::string a = argv[i];
      if(opts.parse(argc, argv, i))
        continue;
      if(a == "--ticks" && i + 1 < argc)
        ticks = std::stoull(argv[++i]);
      else if(a == "--lines")
        lines = true;
      else if(a == "-h" || a == "--help")
      {
        std::cout << "usage: btcpp_btlog [--ticks N] [--lines] [leaf options] FILE OUT.btlog\n"
                  << harness::LeafOptions::usage();
        return 0;
      }
      else if(!a.empty() && a[0] == '-')
        throw std::runtime_error("unknown option " + a);
      else
        positional.push_back(a);
    }
    if(positional.size() != 2)
      throw std::runtime_error("expected FILE and OUT.btlog");
  }
  catch(const std::exception& e)
  {
    std::cerr << "btcpp_btlog: " << e.what() << "\n";
    return 2;
  }

  const std::string& file = positional[0];
  const std::string& out = positional[1];
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
    BT::FileLogger2 logger(*tree, out);
    std::unique_ptr<harness::ChangeLines> changes;
    if(lines)
    {
      harness::write_listing(*tree, std::cout);
      changes = std::make_unique<harness::ChangeLines>(*tree, *opts.script, std::cout);
    }
    try
    {
      for(uint64_t t = 1; t <= ticks; t++)
      {
        const BT::NodeStatus s = harness::tick(*tree, *opts.script, t);
        if(lines)
          std::cout << "tick " << t << ' ' << harness::status_name(s) << '\n';
      }
    }
    catch(const std::exception& e)
    {
      error = harness::one_line(e.what());
    }
    // FileLogger2 writes from its own thread, which stops without writing what was queued while
    // it was writing when the logger is destroyed: give it time to drain (it wakes every 10 ms).
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  const std::string halt = harness::dispose(std::move(*tree));
  if(!halt.empty())
    std::cout << "note " << file << ": halting the tree throws: " << halt << "\n";
  if(!error.empty())
  {
    std::cout << "fail " << file << ": " << error << std::endl;
    return 1;
  }
  std::cout << "wrote " << out << " (" << ticks << " ticks)" << std::endl;
  return 0;
}
