// btcpp_bench's parts: the allocation counter (alloc_count.cpp), the hungry agent (hungry.cpp) and
// the mission (mission.cpp), each a world ported from perf/src and a BehaviorTree.CPP tree over it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace bench
{

/// Calls of the global operator new (every form) and bytes asked for, since the start.
struct Allocs
{
  uint64_t count;
  uint64_t bytes;
};
Allocs allocs();

/// One way of running a simulation, as perf/src/lib.rs's `Variant`: the world's update and one
/// decision are separate calls that are never inlined (so callgrind can count each one's
/// inclusive cost), and the checksum is the Rust variants' own.
class Variant
{
public:
  virtual ~Variant() = default;
  virtual void update_world() = 0;
  virtual void decide() = 0;
  virtual uint64_t checksum() const = 0;
};

/// The hungry agent decided by BehaviorTree.CPP (`tree`: the XML file of the tree), or the world
/// alone (`tree` empty).
std::unique_ptr<Variant> hungry(const std::string& tree);
/// The robot mission decided by BehaviorTree.CPP, or the world alone (`tree` empty).
std::unique_ptr<Variant> mission(const std::string& tree);

/// 64-bit FNV-1a, as the Rust worlds hash their state.
struct Fnv
{
  uint64_t h = 0xcbf29ce484222325ull;
  void u64(uint64_t v)
  {
    for(int i = 0; i < 8; i++)
    {
      h ^= (v >> (8 * i)) & 0xff;
      h *= 0x00000100000001b3ull;
    }
  }
};

}  // namespace bench
