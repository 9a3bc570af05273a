// The robot mission of perf/src/mission (world.rs ported line by line: the xorshift64* generator
// with its seed, the integer world, the event log hashed with FNV-1a, the checksum) and its leaves
// as BehaviorTree.CPP nodes. The tree is scripts/btcpp/mission.xml.
//
// bt's node kinds and what stands for them here (README.md has the reasons):
//
//   reactive_selector / reactive_sequence   ReactiveFallback / ReactiveSequence (built-in)
//   selector / sequence                     Fallback / Sequence (built-in)
//   guard(C)<X>                             ReactiveSequence<C, X> (built-in)
//   parallel_all(max_failures = 2)          ParallelAll max_failures=2 (built-in)
//   repeat (forever)                        KeepRunningUntilFailure (built-in)
//   retry(n)                                BtRetry: BehaviorTree.CPP's RetryUntilSuccessful
//                                           retries within the same tick, bt on the next one
//   repeat(n)                               BtRepeat: BehaviorTree.CPP's Repeat runs the next
//                                           round within the same tick, bt on the next one
//   parallel(n)                             BtParallel: BehaviorTree.CPP's Parallel latches a
//                                           failed child, bt ticks it again on the next tick
//   timeout(d) / delay(d)                   SimTimeout / SimDelay: BehaviorTree.CPP's Timeout and
//                                           Delay run on wall-clock timers (a thread); bt's read
//                                           the context's clock, here the simulated one
//   cooldown(d)                             SimCooldown: BehaviorTree.CPP has no cooldown
//
// The six custom nodes are written with BehaviorTree.CPP's public API (DecoratorNode /
// ControlNode, resetChild / haltChild as its own nodes use them) and ported from perf/src/dynbt.rs,
// whose semantics are bt's.
#include <algorithm>

#include "bench.hpp"
#include "behaviortree_cpp/action_node.h"
#include "behaviortree_cpp/bt_factory.h"
#include "behaviortree_cpp/condition_node.h"
#include "behaviortree_cpp/control_node.h"
#include "behaviortree_cpp/decorator_node.h"

namespace
{

// ----- the world (perf/src/mission/world.rs) ---------------------------------------------------

constexpr uint64_t DT_NS = 100'000'000;
constexpr int32_t DOCK = 0;
constexpr int32_t WP_C = 1500;
constexpr int32_t SPEED = 12;
constexpr uint32_t BATTERY_LOW = 4'000;
constexpr uint32_t BATTERY_FULL = 19'000;

enum class Act : uint8_t
{
  Brake = 1,
  Charge,
  Drive,
  Dock,
  Settle,
  Pick,
  Place,
  Scan,
  Report,
  Blink,
  Idle
};

enum class Exit : uint8_t
{
  Success,
  Failure,
  Halted
};

uint32_t sat_sub(uint32_t a, uint32_t b)
{
  return a > b ? a - b : 0;
}

struct Stats
{
  uint32_t entered = 0, halted = 0, failed = 0, placed = 0, arrivals = 0, charges = 0, reports = 0;
};

struct Robot
{
  uint64_t now = 0;
  uint64_t rng = 0x9e3779b97f4a7c15ull;
  int32_t pos = DOCK;
  uint32_t battery = 20'000;
  bool needs_charge = false;
  uint32_t estop_ticks = 0, blocked_ticks = 0, fault_ticks = 0;
  bool sensor_ok = true;
  bool moved = false;
  uint8_t work_left[12] = {};
  uint64_t log = 0xcbf29ce484222325ull;
  Stats stats;

  void mix(uint64_t v)
  {
    log = (log ^ v) * 0x00000100000001b3ull;
  }
  uint64_t random(uint64_t n)
  {
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return ((rng * 0x2545f4914f6cdd1dull) >> 33) % n;
  }
  void update()
  {
    now += DT_NS;
    const uint32_t drain = moved ? 3 : 1;
    moved = false;
    battery = sat_sub(battery, drain);
    if(battery < BATTERY_LOW)
      needs_charge = true;
    estop_ticks = sat_sub(estop_ticks, 1);
    if(random(1500) == 0)
      estop_ticks = 20 + static_cast<uint32_t>(random(30));
    blocked_ticks = sat_sub(blocked_ticks, 1);
    if(random(250) == 0)
      blocked_ticks = 10 + static_cast<uint32_t>(random(110));
    fault_ticks = sat_sub(fault_ticks, 1);
    if(random(2500) == 0)
      fault_ticks = 30 + static_cast<uint32_t>(random(60));
    if(random(40) == 0)
      sensor_ok = !sensor_ok;
  }
  /// Folds a root status (bt's Status: Success 0, Failure 1, Running 2) into the log.
  void note(BT::NodeStatus s)
  {
    const uint64_t v = s == BT::NodeStatus::SUCCESS ? 0 : s == BT::NodeStatus::FAILURE ? 1 : 2;
    mix(0x100 | v);
  }
  uint64_t checksum() const
  {
    uint64_t h = log;
    uint64_t w = 0;
    for(uint8_t x : work_left)
      w = (w << 4) ^ x;
    const uint64_t values[] = { now,
                                static_cast<uint64_t>(static_cast<int64_t>(pos)),
                                battery,
                                needs_charge ? 1u : 0u,
                                w,
                                stats.entered,
                                stats.halted,
                                stats.placed };
    for(uint64_t v : values)
      h = (h ^ v) * 0x00000100000001b3ull;
    return h;
  }

  // conditions
  bool must_charge() const
  {
    return needs_charge;
  }
  bool estop() const
  {
    return estop_ticks > 0;
  }
  bool at_dock() const
  {
    return pos == DOCK;
  }
  bool systems_ok() const
  {
    return fault_ticks == 0;
  }
  bool path_clear() const
  {
    return blocked_ticks == 0;
  }
  bool sensor_ready() const
  {
    return sensor_ok;
  }

  // actions
  __attribute__((noinline)) void enter(Act act)
  {
    stats.entered += 1;
    mix(static_cast<uint64_t>(act));
  }
  __attribute__((noinline)) void exit(Act act, Exit how)
  {
    switch(how)
    {
      case Exit::Halted:
        stats.halted += 1;
        break;
      case Exit::Failure:
        stats.failed += 1;
        break;
      case Exit::Success:
        break;
    }
    mix(0x10 * static_cast<uint64_t>(act) + static_cast<uint64_t>(how));
  }
  BT::NodeStatus charge()
  {
    battery = std::min<uint32_t>(battery + 40, 20'000);
    if(battery >= BATTERY_FULL)
    {
      needs_charge = false;
      stats.charges += 1;
      return BT::NodeStatus::SUCCESS;
    }
    return BT::NodeStatus::RUNNING;
  }
  BT::NodeStatus drive(int32_t to)
  {
    if(battery == 0 || blocked_ticks > 100)
      return BT::NodeStatus::FAILURE;
    if(blocked_ticks == 0)
    {
      const int32_t d = std::clamp(to - pos, -SPEED, SPEED);
      pos += d;
      moved = d != 0;
    }
    if(pos == to)
    {
      if(to == WP_C)
        stats.arrivals += 1;
      return BT::NodeStatus::SUCCESS;
    }
    return BT::NodeStatus::RUNNING;
  }
  void begin_work(Act act, uint8_t ticks)
  {
    enter(act);
    work_left[static_cast<int>(act)] = ticks;
  }
  BT::NodeStatus work(Act act)
  {
    uint8_t& w = work_left[static_cast<int>(act)];
    w = w > 0 ? w - 1 : 0;
    return w == 0 ? BT::NodeStatus::SUCCESS : BT::NodeStatus::RUNNING;
  }
  BT::NodeStatus instant(Act act)
  {
    if(act == Act::Place)
      stats.placed += 1;
    return BT::NodeStatus::SUCCESS;
  }
  BT::NodeStatus report()
  {
    const BT::NodeStatus s = work(Act::Report);
    if(s == BT::NodeStatus::SUCCESS)
      stats.reports += 1;
    return s;
  }
};

// ----- the leaves ----------------------------------------------------------------------------------

using Check = bool (Robot::*)() const;

class RobotCondition : public BT::ConditionNode
{
public:
  RobotCondition(const std::string& name, const BT::NodeConfig& config, Robot* r, Check check)
    : BT::ConditionNode(name, config), r_(r), check_(check)
  {}
  BT::NodeStatus tick() override
  {
    return (r_->*check_)() ? BT::NodeStatus::SUCCESS : BT::NodeStatus::FAILURE;
  }

private:
  Robot* r_;
  Check check_;
};

/// How an action of the mission executes.
enum class Exec : uint8_t
{
  Brake,    // Running while it runs (Brake, Idle)
  Charge,   // charge()
  Work,     // work(act), after `ticks` of work set at enter (Dock 3, Pick 2)
  Instant,  // instant(act) (Settle, Place, Scan, Blink)
  Report,   // report(), 2 ticks of work
  Drive     // drive(to), `to` from the port of that name
};

/// bt's Action lifecycle (no internal condition in the mission's actions): enter on the first
/// tick, exit when execute completes or the node is halted.
class RobotAction : public BT::StatefulActionNode
{
public:
  RobotAction(const std::string& name, const BT::NodeConfig& config, Robot* r, Act act, Exec exec,
              uint8_t ticks)
    : BT::StatefulActionNode(name, config), r_(r), act_(act), exec_(exec), ticks_(ticks)
  {}
  static BT::PortsList providedPorts()
  {
    return { BT::InputPort<int>("to") };
  }
  BT::NodeStatus onStart() override
  {
    if(exec_ == Exec::Drive)
    {
      if(!getInput("to", to_))
        throw BT::RuntimeError("DriveTo needs its `to` port");
    }
    if(ticks_ > 0)
      r_->begin_work(act_, ticks_);
    else
      r_->enter(act_);
    return run();
  }
  BT::NodeStatus onRunning() override
  {
    return run();
  }
  void onHalted() override
  {
    r_->exit(act_, Exit::Halted);
  }

private:
  BT::NodeStatus run()
  {
    BT::NodeStatus s = BT::NodeStatus::RUNNING;
    switch(exec_)
    {
      case Exec::Brake:
        s = BT::NodeStatus::RUNNING;
        break;
      case Exec::Charge:
        s = r_->charge();
        break;
      case Exec::Work:
        s = r_->work(act_);
        break;
      case Exec::Instant:
        s = r_->instant(act_);
        break;
      case Exec::Report:
        s = r_->report();
        break;
      case Exec::Drive:
        s = r_->drive(to_);
        break;
    }
    if(s != BT::NodeStatus::RUNNING)
      r_->exit(act_, s == BT::NodeStatus::SUCCESS ? Exit::Success : Exit::Failure);
    return s;
  }
  Robot* r_;
  Act act_;
  Exec exec_;
  uint8_t ticks_;
  int to_ = 0;
};

// ----- bt's decorators and parallel where BehaviorTree.CPP's differ -----------------------------

/// Reads an integer port once, on the first tick (the value is a literal in mission.xml).
template <class Node>
int port_once(Node& node, const char* port, int& cache, bool& read)
{
  if(!read)
  {
    if(!node.getInput(port, cache))
      throw BT::RuntimeError(node.registrationName(), " needs its `", port, "` port");
    read = true;
  }
  return cache;
}

/// bt's retry(n): after a failure the child is tried again on the next tick (the node returns
/// Running meanwhile); fails after n failed attempts.
class BtRetry : public BT::DecoratorNode
{
public:
  BtRetry(const std::string& name, const BT::NodeConfig& config) : BT::DecoratorNode(name, config)
  {}
  static BT::PortsList providedPorts()
  {
    return { BT::InputPort<int>("num_attempts") };
  }
  BT::NodeStatus tick() override
  {
    const int attempts = port_once(*this, "num_attempts", attempts_, read_);
    setStatus(BT::NodeStatus::RUNNING);
    const BT::NodeStatus s = child_node_->executeTick();
    child_running_ = s == BT::NodeStatus::RUNNING;
    switch(s)
    {
      case BT::NodeStatus::FAILURE:
        resetChild();
        if(++failed_ >= attempts)
        {
          failed_ = 0;
          return BT::NodeStatus::FAILURE;
        }
        return BT::NodeStatus::RUNNING;
      case BT::NodeStatus::SUCCESS:
        resetChild();
        failed_ = 0;
        return BT::NodeStatus::SUCCESS;
      default:
        return s;
    }
  }
  void halt() override
  {
    child_running_ = false;
    failed_ = 0;
    BT::DecoratorNode::halt();
  }

private:
  int attempts_ = 0;
  bool read_ = false;
  int failed_ = 0;
  bool child_running_ = false;
};

/// bt's repeat(n): one completed round per tick; Running between rounds; fails when the child does.
class BtRepeat : public BT::DecoratorNode
{
public:
  BtRepeat(const std::string& name, const BT::NodeConfig& config) : BT::DecoratorNode(name, config)
  {}
  static BT::PortsList providedPorts()
  {
    return { BT::InputPort<int>("num_cycles") };
  }
  BT::NodeStatus tick() override
  {
    const int times = port_once(*this, "num_cycles", times_, read_);
    if(times == 0)
      return BT::NodeStatus::SUCCESS;
    setStatus(BT::NodeStatus::RUNNING);
    const BT::NodeStatus s = child_node_->executeTick();
    switch(s)
    {
      case BT::NodeStatus::FAILURE:
        resetChild();
        done_ = 0;
        return BT::NodeStatus::FAILURE;
      case BT::NodeStatus::SUCCESS:
        resetChild();
        if(++done_ >= times)
        {
          done_ = 0;
          return BT::NodeStatus::SUCCESS;
        }
        return BT::NodeStatus::RUNNING;
      default:
        return s;
    }
  }
  void halt() override
  {
    done_ = 0;
    BT::DecoratorNode::halt();
  }

private:
  int times_ = 0;
  bool read_ = false;
  int done_ = 0;
};

/// bt's parallel(n): ticks every child not yet succeeded; succeeds once n have succeeded (halting
/// the running ones); a child that fails is ticked again on the next tick, and the node fails
/// only when more than (children - n) fail in the same tick.
class BtParallel : public BT::ControlNode
{
public:
  BtParallel(const std::string& name, const BT::NodeConfig& config) : BT::ControlNode(name, config)
  {}
  static BT::PortsList providedPorts()
  {
    return { BT::InputPort<int>("n") };
  }
  BT::NodeStatus tick() override
  {
    const size_t count = children_nodes_.size();
    if(succeeded_.size() != count)
      succeeded_.assign(count, false);
    const size_t need = std::clamp<size_t>(port_once(*this, "n", n_, read_), 1, count);
    const size_t max_failures = count - need;
    setStatus(BT::NodeStatus::RUNNING);
    size_t finished = static_cast<size_t>(std::count(succeeded_.begin(), succeeded_.end(), true));
    size_t failed = 0;
    for(size_t i = 0; i < count; i++)
    {
      if(succeeded_[i])
        continue;
      const BT::NodeStatus s = children_nodes_[i]->executeTick();
      if(s == BT::NodeStatus::SUCCESS)
      {
        succeeded_[i] = true;
        if(++finished >= need)
        {
          finish();
          return BT::NodeStatus::SUCCESS;
        }
      }
      else if(s == BT::NodeStatus::FAILURE)
      {
        haltChild(i);  // idle again: ticked afresh next time
        if(++failed > max_failures)
        {
          finish();
          return BT::NodeStatus::FAILURE;
        }
      }
    }
    return BT::NodeStatus::RUNNING;
  }
  void halt() override
  {
    std::fill(succeeded_.begin(), succeeded_.end(), false);
    BT::ControlNode::halt();
  }

private:
  void finish()
  {
    haltChildren();  // halts the running ones, in order; resets the others' status
    std::fill(succeeded_.begin(), succeeded_.end(), false);
  }
  int n_ = 0;
  bool read_ = false;
  std::vector<bool> succeeded_;
};

enum class Timed : uint8_t
{
  Timeout,
  Delay,
  Cooldown
};

/// bt's timeout, delay and cooldown over the robot's (simulated) clock.
template <Timed KIND>
class SimTimed : public BT::DecoratorNode
{
public:
  SimTimed(const std::string& name, const BT::NodeConfig& config, Robot* r)
    : BT::DecoratorNode(name, config), r_(r)
  {}
  static BT::PortsList providedPorts()
  {
    return { BT::InputPort<int>("msec") };
  }
  BT::NodeStatus tick() override
  {
    const uint64_t d = static_cast<uint64_t>(port_once(*this, "msec", msec_, read_)) * 1'000'000;
    const uint64_t now = r_->now;
    auto since = [now](uint64_t t) { return now > t ? now - t : 0; };
    setStatus(BT::NodeStatus::RUNNING);
    if(KIND == Timed::Timeout)
    {
      if(!has_mark_)
      {
        has_mark_ = true;
        mark_ = now;
      }
      else if(since(mark_) >= d)
      {
        has_mark_ = false;
        child_running_ = false;
        resetChild();
        return BT::NodeStatus::FAILURE;
      }
    }
    else if(KIND == Timed::Delay)
    {
      if(!child_running_)
      {
        if(!has_mark_)
        {
          has_mark_ = true;
          mark_ = now;
        }
        if(since(mark_) < d)
          return BT::NodeStatus::RUNNING;
      }
    }
    else if(!child_running_ && has_mark_ && since(mark_) < d)
    {
      return BT::NodeStatus::FAILURE;
    }
    const BT::NodeStatus s = child_node_->executeTick();
    child_running_ = s == BT::NodeStatus::RUNNING;
    if(s != BT::NodeStatus::RUNNING)
    {
      has_mark_ = KIND == Timed::Cooldown;
      mark_ = now;
      resetChild();
    }
    return s;
  }
  void halt() override
  {
    if(KIND != Timed::Cooldown)
      has_mark_ = false;
    if(child_running_)
    {
      child_running_ = false;
      resetChild();
      if(KIND == Timed::Cooldown)
      {
        has_mark_ = true;
        mark_ = r_->now;
      }
    }
    BT::DecoratorNode::halt();
  }

private:
  Robot* r_;
  int msec_ = 0;
  bool read_ = false;
  bool has_mark_ = false;
  uint64_t mark_ = 0;
  bool child_running_ = false;
};

class MissionBtcpp : public bench::Variant
{
public:
  explicit MissionBtcpp(const std::string& file)
  {
    Robot* r = &robot_;
    auto condition = [&](const char* id, Check check) {
      factory_.registerBuilder(BT::CreateManifest<RobotCondition>(id),
                               [r, check](const std::string& name, const BT::NodeConfig& config) {
                                 return std::make_unique<RobotCondition>(name, config, r, check);
                               });
    };
    condition("EStop", &Robot::estop);
    condition("NeedsCharge", &Robot::must_charge);
    condition("AtDock", &Robot::at_dock);
    condition("SystemsOk", &Robot::systems_ok);
    condition("PathClear", &Robot::path_clear);
    condition("SensorReady", &Robot::sensor_ready);
    auto action = [&](const char* id, Act act, Exec exec, uint8_t ticks) {
      factory_.registerBuilder(
          BT::CreateManifest<RobotAction>(id),
          [r, act, exec, ticks](const std::string& name, const BT::NodeConfig& config) {
            return std::make_unique<RobotAction>(name, config, r, act, exec, ticks);
          });
    };
    action("Brake", Act::Brake, Exec::Brake, 0);
    action("Charge", Act::Charge, Exec::Charge, 0);
    action("Dock", Act::Dock, Exec::Work, 3);
    action("Settle", Act::Settle, Exec::Instant, 0);
    action("Pick", Act::Pick, Exec::Work, 2);
    action("Place", Act::Place, Exec::Instant, 0);
    action("Scan", Act::Scan, Exec::Instant, 0);
    action("Report", Act::Report, Exec::Report, 2);
    action("Blink", Act::Blink, Exec::Instant, 0);
    action("Idle", Act::Idle, Exec::Brake, 0);
    action("DriveTo", Act::Drive, Exec::Drive, 0);
    factory_.registerNodeType<BtRetry>("BtRetry");
    factory_.registerNodeType<BtRepeat>("BtRepeat");
    factory_.registerNodeType<BtParallel>("BtParallel");
    factory_.registerNodeType<SimTimed<Timed::Timeout>>("SimTimeout", r);
    factory_.registerNodeType<SimTimed<Timed::Delay>>("SimDelay", r);
    factory_.registerNodeType<SimTimed<Timed::Cooldown>>("SimCooldown", r);
    tree_ = factory_.createTreeFromFile(file);
  }
  __attribute__((noinline)) void update_world() override
  {
    robot_.update();
  }
  __attribute__((noinline)) void decide() override
  {
    robot_.note(tree_.tickExactlyOnce());
  }
  uint64_t checksum() const override
  {
    return robot_.checksum();
  }

private:
  Robot robot_;
  BT::BehaviorTreeFactory factory_;
  BT::Tree tree_;
};

class MissionWorld : public bench::Variant
{
public:
  __attribute__((noinline)) void update_world() override
  {
    robot_.update();
  }
  __attribute__((noinline)) void decide() override
  {}
  uint64_t checksum() const override
  {
    return robot_.checksum();
  }

private:
  Robot robot_;
};

}  // namespace

std::unique_ptr<bench::Variant> bench::mission(const std::string& tree)
{
  if(tree.empty())
    return std::make_unique<MissionWorld>();
  return std::make_unique<MissionBtcpp>(tree);
}
