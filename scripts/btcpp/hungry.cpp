// The hungry agent of examples/hungry_agent/world.rs, ported to C++ line by line (same constants,
// same f32 arithmetic in the same order, same event ring, same checksum), and its leaves as
// BehaviorTree.CPP nodes. perf/src/hungry's variants and this one end with the same checksum after
// the same number of steps; scripts/btcpp/instructions.sh checks that.
//
// The tree is scripts/btcpp/hungry.xml. bt's `repeat(parallel(1)<selector<...>, Alive>)` is
// written with BehaviorTree.CPP's own nodes of the same semantics (see README.md):
//
//   repeat (forever, one round per tick)  KeepRunningUntilFailure
//   parallel(1) of two children           Parallel success_count=1 failure_count=1, its first
//                                         child wrapped in Inverter<KeepRunningUntilFailure<
//                                         Inverter<…>>> (bt's parallel retries a failed child on
//                                         the next tick; BehaviorTree.CPP's latches it)
//   selector / sequence                   Fallback / Sequence
//   Feel* conditions                      ConditionNode
//   actions (enter/execute/exit)          StatefulActionNode (onStart/onRunning/onHalted)
#include <algorithm>
#include <cmath>
#include <cstring>

#include "bench.hpp"
#include "behaviortree_cpp/action_node.h"
#include "behaviortree_cpp/bt_factory.h"
#include "behaviortree_cpp/condition_node.h"

namespace
{

// ----- the world (examples/hungry_agent/world.rs) --------------------------------------------

constexpr uint64_t DT_NS = 100'000'000;               // DT: 100 ms
constexpr float LOW = 30.0f;
constexpr float FULL = 100.0f;
constexpr uint64_t TARGET_TTL_NS = 15'000'000'000ull;  // 15 s
constexpr float WALK_SPEED = 3.0f;
constexpr float HEALTH_LOSS = 1.0f;
constexpr float HEALTH_REGEN = 1.0f;
constexpr float ZONE_RADIUS = 0.5f;

// Needs in index order; zones in the same order (zone i refills need i).
enum Need : uint8_t
{
  Food,
  Water,
  Energy,
  Mood,
  Money
};
using Zone = Need;  // Kitchen, Well, Bed, Park, Office

constexpr float DECAY[5] = { 0.35f, 0.45f, 0.2f, 0.25f, 0.15f };
constexpr float REFILL[5] = { 10.0f, 15.0f, 5.0f, 7.0f, 5.0f };

struct Vec2
{
  float x, y;
  float distance(Vec2 o) const
  {
    return std::hypot(o.x - x, o.y - y);  // hypotf, as Rust's f32::hypot
  }
  Vec2 step_towards(Vec2 to, float max) const
  {
    const float d = distance(to);
    if(d <= max)
      return to;
    const float k = max / d;
    return { x + (to.x - x) * k, y + (to.y - y) * k };
  }
};

constexpr Vec2 ZONE_POS[5] = { { 4.0f, 4.0f }, { 26.0f, 3.0f }, { 3.0f, 17.0f }, { 16.0f, 18.0f },
                               { 27.0f, 16.0f } };

enum class Act : uint8_t
{
  Idle,
  Walking,
  Refilling
};
struct Activity
{
  Act kind = Act::Idle;
  uint8_t arg = 0;  // the zone walked to, or the need refilled
  bool operator==(const Activity& o) const
  {
    return kind == o.kind && (kind == Act::Idle || arg == o.arg);
  }
};

enum class Exit : uint8_t
{
  Success,
  Failure,
  Halted
};

// Task::slot(): Alive 0, WalkTo 1, Refill(need) 2 + need.
enum class TaskKind : uint8_t
{
  Alive,
  WalkTo,
  Refill
};
struct Task
{
  TaskKind kind;
  uint8_t arg;
  uint32_t slot() const
  {
    return kind == TaskKind::Alive ? 0 : kind == TaskKind::WalkTo ? 1 : 2 + arg;
  }
};

enum class EventKind : uint8_t
{
  Enter,
  Exit,
  Depleted,
  Died
};
struct Event
{
  uint64_t at;
  EventKind kind;
  Task task;
  Exit how;
  uint8_t need;
};

// examples/common/ring.rs: 32 events, the oldest dropped (and counted) when full.
struct Events
{
  Event buf[32];
  size_t head = 0, len = 0;
  uint64_t dropped = 0;
  void push(const Event& e)
  {
    if(len == 32)
    {
      head = (head + 1) % 32;
      len -= 1;
      dropped += 1;
    }
    buf[(head + len) % 32] = e;
    len += 1;
  }
};

// bt::Expiring<Zone>.
struct Expiring
{
  bool has_value = false;
  Zone value = Food;
  bool has_expiry = false;
  uint64_t expires_at = 0;
  bool valid(uint64_t now) const
  {
    return has_value && (!has_expiry || now <= expires_at);
  }
};

struct Stats
{
  uint32_t completed[5] = { 0, 0, 0, 0, 0 };
  uint32_t walks = 0, walks_abandoned = 0, entered = 0, exited = 0, lifecycle_errors = 0, active = 0;
};

struct Agent
{
  uint64_t now = 0;  // ManualClock, nanoseconds
  Vec2 pos{ 15.0f, 10.0f };
  float needs[5] = { 36.0f, 33.0f, 48.0f, 40.0f, 34.0f };
  float health = FULL;
  Activity activity;
  Expiring target;
  Events events;
  Stats stats;

  bool is_alive() const
  {
    return health > 0.0f;
  }
  bool is_in(Zone z) const
  {
    return pos.distance(ZONE_POS[z]) <= ZONE_RADIUS;
  }
  float speed() const
  {
    return WALK_SPEED * (0.5f + 0.5f * needs[Energy] / FULL);
  }
  bool target_zone(Zone& z) const
  {
    if(!target.valid(now))
      return false;
    z = target.value;
    return true;
  }
  float cost(Need need) const
  {
    if(activity.kind == Act::Walking && need == Energy)
      return 0.2f;
    if(activity.kind == Act::Refilling)
    {
      const auto a = activity.arg;
      if(a == Money && need == Energy)
        return 0.3f;
      if(a == Money && need == Mood)
        return 0.4f;
      if(a == Food && need == Money)
        return 0.8f;
      if(a == Mood && need == Money)
        return 1.2f;
    }
    return 0.0f;
  }
  void record(Event e)
  {
    e.at = now;
    events.push(e);
  }

  void update(uint64_t dt_ns)
  {
    now += dt_ns;
    if(!is_alive())
      return;
    // Duration::as_secs_f32: secs as f32 + nanos as f32 / 1e9.
    const float secs =
        static_cast<float>(dt_ns / 1'000'000'000ull) +
        static_cast<float>(dt_ns % 1'000'000'000ull) / 1'000'000'000.0f;
    if(activity.kind == Act::Walking)
      pos = pos.step_towards(ZONE_POS[activity.arg], speed() * secs);
    uint32_t empty = 0;
    for(uint8_t n = 0; n < 5; n++)
    {
      const Need need = static_cast<Need>(n);
      float rate = -DECAY[n] - cost(need);
      if(activity.kind == Act::Refilling && activity.arg == n)
        rate += REFILL[n];
      const float before = needs[n];
      const float after = std::clamp(before + rate * secs, 0.0f, FULL);
      needs[n] = after;
      if(after == 0.0f)
      {
        empty += 1;
        if(before > 0.0f)
          record({ 0, EventKind::Depleted, { TaskKind::Alive, 0 }, Exit::Success, n });
      }
    }
    if(empty > 0)
    {
      health = std::max(health - HEALTH_LOSS * static_cast<float>(empty) * secs, 0.0f);
      if(health == 0.0f)
        record({ 0, EventKind::Died, { TaskKind::Alive, 0 }, Exit::Success, 0 });
    }
    else
    {
      health = std::min(health + HEALTH_REGEN * secs, FULL);
    }
  }

  // ----- what the leaves do ----------------------------------------------------------------

  bool feel(Need need)
  {
    if(!is_alive() || needs[need] >= LOW)
      return false;
    target.has_value = true;
    target.value = need;  // need.zone()
    target.has_expiry = true;
    target.expires_at = now + TARGET_TTL_NS;
    return true;
  }
  void entered(Task task)
  {
    const uint32_t bit = 1u << task.slot();
    if(stats.active & bit)
      stats.lifecycle_errors += 1;
    stats.active |= bit;
    stats.entered += 1;
    record({ 0, EventKind::Enter, task, Exit::Success, 0 });
  }
  void exited(Task task, Exit how)
  {
    const uint32_t bit = 1u << task.slot();
    if(!(stats.active & bit))
      stats.lifecycle_errors += 1;
    stats.active &= ~bit;
    stats.exited += 1;
    record({ 0, EventKind::Exit, task, how, 0 });
  }
  bool can_walk() const
  {
    Zone z;
    return is_alive() && target_zone(z);
  }
  void start_walk()
  {
    Zone z;
    if(target_zone(z))
    {
      activity = { Act::Walking, z };
      stats.walks += 1;
      entered({ TaskKind::WalkTo, z });
    }
  }
  BT::NodeStatus walk()
  {
    Zone z;
    if(!target_zone(z))
      return BT::NodeStatus::FAILURE;
    if(is_in(z))
      return BT::NodeStatus::SUCCESS;
    activity = { Act::Walking, z };
    return BT::NodeStatus::RUNNING;
  }
  void end_walk(Exit how)
  {
    Zone zone = Food;
    if(activity.kind == Act::Walking)
      zone = static_cast<Zone>(activity.arg);
    else if(!target_zone(zone))
      zone = Food;  // Kitchen
    activity = {};
    target = {};
    if(how != Exit::Success)
      stats.walks_abandoned += 1;
    exited({ TaskKind::WalkTo, zone }, how);
  }
  bool can_refill(Need need) const
  {
    return is_alive() && is_in(need);
  }
  void start_refill(Need need)
  {
    activity = { Act::Refilling, need };
    entered({ TaskKind::Refill, need });
  }
  BT::NodeStatus refill(Need need) const
  {
    return needs[need] >= FULL ? BT::NodeStatus::SUCCESS : BT::NodeStatus::RUNNING;
  }
  void end_refill(Need need, Exit how)
  {
    activity = {};
    if(how == Exit::Success)
      stats.completed[need] += 1;
    exited({ TaskKind::Refill, need }, how);
  }
};

uint64_t f32_bits(float v)
{
  uint32_t b;
  std::memcpy(&b, &v, 4);
  return b;
}

/// World::checksum.
uint64_t checksum(const Agent& a, uint64_t ticks)
{
  bench::Fnv h;
  h.u64(a.now);
  h.u64(f32_bits(a.pos.x));
  h.u64(f32_bits(a.pos.y));
  for(float v : a.needs)
    h.u64(f32_bits(v));
  h.u64(f32_bits(a.health));
  switch(a.activity.kind)
  {
    case Act::Idle:
      h.u64(0);
      break;
    case Act::Walking:
      h.u64(1 + a.activity.arg);
      break;
    case Act::Refilling:
      h.u64(10 + a.activity.arg);
      break;
  }
  h.u64(a.target.valid(a.now) ? static_cast<uint64_t>(a.target.value) : UINT64_MAX);
  h.u64(a.target.has_expiry ? a.target.expires_at : UINT64_MAX);
  for(uint32_t c : a.stats.completed)
    h.u64(c);
  h.u64(a.stats.walks);
  h.u64(a.stats.walks_abandoned);
  h.u64(ticks);
  return h.h;
}

// ----- the leaves as BehaviorTree.CPP nodes ---------------------------------------------------

Exit exit_of(BT::NodeStatus s)
{
  return s == BT::NodeStatus::SUCCESS ? Exit::Success : Exit::Failure;
}

/// Feel*: true when the need is low (notes its zone on the blackboard).
class Feel : public BT::ConditionNode
{
public:
  Feel(const std::string& name, const BT::NodeConfig& config, Agent* a, Need need)
    : BT::ConditionNode(name, config), a_(a), need_(need)
  {}
  BT::NodeStatus tick() override
  {
    return a_->feel(need_) ? BT::NodeStatus::SUCCESS : BT::NodeStatus::FAILURE;
  }

private:
  Agent* a_;
  Need need_;
};

/// bt's Action lifecycle on StatefulActionNode: the internal condition is checked on every tick
/// (false: Failure, exiting an activation in progress); enter on the first tick; exit when
/// execute completes or the node is halted.
template <class Leaf>
class LifecycleAction : public BT::StatefulActionNode
{
public:
  LifecycleAction(const std::string& name, const BT::NodeConfig& config, Leaf leaf)
    : BT::StatefulActionNode(name, config), leaf_(leaf)
  {}
  BT::NodeStatus onStart() override
  {
    if(!leaf_.condition())
      return BT::NodeStatus::FAILURE;
    leaf_.enter();
    return run();
  }
  BT::NodeStatus onRunning() override
  {
    if(!leaf_.condition())
    {
      leaf_.exit(Exit::Failure);
      return BT::NodeStatus::FAILURE;
    }
    return run();
  }
  void onHalted() override
  {
    leaf_.exit(Exit::Halted);
  }

private:
  BT::NodeStatus run()
  {
    const BT::NodeStatus s = leaf_.execute();
    if(s != BT::NodeStatus::RUNNING)
      leaf_.exit(exit_of(s));
    return s;
  }
  Leaf leaf_;
};

struct WalkToLeaf
{
  Agent* a;
  bool condition() const
  {
    return a->can_walk();
  }
  void enter()
  {
    a->start_walk();
  }
  BT::NodeStatus execute()
  {
    return a->walk();
  }
  void exit(Exit how)
  {
    a->end_walk(how);
  }
};

struct RefillLeaf
{
  Agent* a;
  Need need;
  bool condition() const
  {
    return a->can_refill(need);
  }
  void enter()
  {
    a->start_refill(need);
  }
  BT::NodeStatus execute()
  {
    return a->refill(need);
  }
  void exit(Exit how)
  {
    a->end_refill(need, how);
  }
};

struct AliveLeaf
{
  Agent* a;
  bool condition() const
  {
    return a->is_alive();
  }
  void enter()
  {
    a->entered({ TaskKind::Alive, 0 });
  }
  BT::NodeStatus execute()
  {
    return BT::NodeStatus::RUNNING;
  }
  void exit(Exit how)
  {
    a->exited({ TaskKind::Alive, 0 }, how);
  }
};

template <class Leaf>
void register_action(BT::BehaviorTreeFactory& f, const std::string& id, Leaf leaf)
{
  f.registerBuilder(BT::CreateManifest<LifecycleAction<Leaf>>(id),
                    [leaf](const std::string& name, const BT::NodeConfig& config) {
                      return std::make_unique<LifecycleAction<Leaf>>(name, config, leaf);
                    });
}

void register_feel(BT::BehaviorTreeFactory& f, const std::string& id, Agent* a, Need need)
{
  f.registerBuilder(BT::CreateManifest<Feel>(id),
                    [a, need](const std::string& name, const BT::NodeConfig& config) {
                      return std::make_unique<Feel>(name, config, a, need);
                    });
}

class HungryBtcpp : public bench::Variant
{
public:
  explicit HungryBtcpp(const std::string& file)
  {
    Agent* a = &agent_;
    register_feel(factory_, "FeelBoring", a, Mood);
    register_feel(factory_, "FeelHungry", a, Food);
    register_feel(factory_, "FeelThirsty", a, Water);
    register_feel(factory_, "FeelTired", a, Energy);
    register_feel(factory_, "FeelPoor", a, Money);
    register_action(factory_, "WalkTo", WalkToLeaf{ a });
    register_action(factory_, "EatFood", RefillLeaf{ a, Food });
    register_action(factory_, "DrinkWater", RefillLeaf{ a, Water });
    register_action(factory_, "HaveRest", RefillLeaf{ a, Energy });
    register_action(factory_, "HaveFun", RefillLeaf{ a, Mood });
    register_action(factory_, "Work", RefillLeaf{ a, Money });
    register_action(factory_, "Alive", AliveLeaf{ a });
    tree_ = factory_.createTreeFromFile(file);
  }
  __attribute__((noinline)) void update_world() override
  {
    agent_.update(DT_NS);
  }
  __attribute__((noinline)) void decide() override
  {
    ticks_ += 1;
    (void)tree_.tickExactlyOnce();
  }
  uint64_t checksum() const override
  {
    return ::checksum(agent_, ticks_);
  }

private:
  Agent agent_;
  uint64_t ticks_ = 0;
  BT::BehaviorTreeFactory factory_;
  BT::Tree tree_;
};

class HungryWorld : public bench::Variant
{
public:
  __attribute__((noinline)) void update_world() override
  {
    agent_.update(DT_NS);
  }
  __attribute__((noinline)) void decide() override
  {}
  uint64_t checksum() const override
  {
    return ::checksum(agent_, 0);
  }

private:
  Agent agent_;
};

}  // namespace

std::unique_ptr<bench::Variant> bench::hungry(const std::string& tree)
{
  if(tree.empty())
    return std::make_unique<HungryWorld>();
  return std::make_unique<HungryBtcpp>(tree);
}
