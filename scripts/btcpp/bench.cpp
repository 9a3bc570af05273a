// btcpp_bench: the benchmark trees of perf/src in BehaviorTree.CPP 4.10, over the same worlds,
// ending with the same checksums as the Rust variants (`bt-perf-variants TREE hand STEPS`).
//
//   btcpp_bench hungry STEPS [--tree FILE]     the hungry agent (default tree: hungry.xml)
//   btcpp_bench hungry-world STEPS             its world alone, nothing decides
//   btcpp_bench mission STEPS [--tree FILE]    the robot mission (default tree: mission.xml)
//   btcpp_bench mission-world STEPS            its world alone
//   btcpp_bench xml FILE STEPS [leaf options]  any XML tree with generic scripted leaves (as
//                                              btcpp_load): step k is tick k of the leaf script
//
// A step is the world's update, then one decision (one tickExactlyOnce of the tree), each a
// separate call that is never inlined: scripts/btcpp/instructions.sh runs this under callgrind and
// reads the inclusive cost of `update_world` and `decide`, as scripts/instructions.sh does for the
// Rust variants. Prints one line:
//
//   CHECKSUM allocations N bytes B
//
// CHECKSUM is the world's checksum in 16 hex digits (for `xml`: FNV-1a of the root statuses);
// N and B are the calls of the global operator new, and the bytes they asked for, during the
// steps (after the tree was built), counted by the replaced operator new of alloc_count.cpp.
#include <cinttypes>
#include <cstdio>
#include <iostream>

#include "bench.hpp"
#include "harness.hpp"

namespace
{

/// Any XML tree with generic leaves; the "world" only advances the script's tick.
class XmlBench : public bench::Variant
{
public:
  XmlBench(const std::string& file, const harness::LeafOptions& opts) : opts_(opts)
  {
    harness::Registered reg;
    tree_ = harness::load_tree(factory_, file, opts_, reg);
  }
  __attribute__((noinline)) void update_world() override
  {
    opts_.script->tick += 1;
    opts_.script->calls_this_tick = 0;
  }
  __attribute__((noinline)) void decide() override
  {
    const BT::NodeStatus s = tree_.tickExactlyOnce();
    sum_.u64(static_cast<uint64_t>(s));
  }
  uint64_t checksum() const override
  {
    return sum_.h;
  }

private:
  harness::LeafOptions opts_;
  BT::BehaviorTreeFactory factory_;
  BT::Tree tree_;
  bench::Fnv sum_;
};

__attribute__((noinline)) uint64_t run(bench::Variant& v, uint64_t steps)
{
  for(uint64_t i = 0; i < steps; i++)
  {
    v.update_world();
    v.decide();
  }
  return v.checksum();
}

int usage()
{
  std::cerr << "usage: btcpp_bench hungry|hungry-world|mission|mission-world STEPS [--tree FILE]\n"
               "       btcpp_bench xml FILE STEPS [leaf options]\n"
            << harness::LeafOptions::usage();
  return 2;
}

}  // namespace

int main(int argc, char** argv)
{
  if(argc < 3)
    return usage();
  const std::string mode = argv[1];
  std::unique_ptr<bench::Variant> v;
  uint64_t steps = 0;
  try
  {
    if(mode == "xml")
    {
      if(argc < 4)
        return usage();
      harness::LeafOptions opts;
      for(int i = 4; i < argc; i++)
      {
        if(!opts.parse(argc, argv, i))
          throw std::runtime_error(std::string("unknown option ") + argv[i]);
      }
      steps = std::stoull(argv[3]);
      v = std::make_unique<XmlBench>(argv[2], opts);
    }
    else
    {
      steps = std::stoull(argv[2]);
      std::string tree;
      for(int i = 3; i < argc; i++)
      {
        const std::string a = argv[i];
        if(a == "--tree" && i + 1 < argc)
          tree = argv[++i];
        else
          throw std::runtime_error("unknown option " + a);
      }
      const std::string dir = BTCPP_TREES_DIR;
      if(mode == "hungry")
        v = bench::hungry(tree.empty() ? dir + "/hungry.xml" : tree);
      else if(mode == "hungry-world")
        v = bench::hungry("");
      else if(mode == "mission")
        v = bench::mission(tree.empty() ? dir + "/mission.xml" : tree);
      else if(mode == "mission-world")
        v = bench::mission("");
      else
        return usage();
    }
  }
  catch(const std::exception& e)
  {
    std::cerr << "btcpp_bench: " << harness::one_line(e.what()) << "\n";
    return 1;
  }
  const bench::Allocs before = bench::allocs();
  uint64_t sum = 0;
  try
  {
    sum = run(*v, steps);
  }
  catch(const std::exception& e)
  {
    std::cerr << "btcpp_bench: " << harness::one_line(e.what()) << "\n";
    // Its tree's destructor halts it, which may throw again (see harness::dispose).
    (void)v.release();
    return 1;
  }
  const bench::Allocs after = bench::allocs();
  std::printf("%016" PRIx64 " allocations %" PRIu64 " bytes %" PRIu64 "\n", sum,
              after.count - before.count, after.bytes - before.bytes);
  return 0;
}
