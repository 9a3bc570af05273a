// What btcpp_load, btcpp_groot_serve, btcpp_btlog and btcpp_bench's XML mode share: the leaf
// script (which status a generic leaf returns on which tick), the generic nodes, their registration
// from a file's <TreeNodesModel> (and, on request, for node IDs no model declares), and the plain
// line format of a tree's listing and of its status changes. The formats are documented in
// scripts/btcpp/README.md.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "behaviortree_cpp/bt_factory.h"
#include "behaviortree_cpp/loggers/abstract_logger.h"

namespace harness
{

/// A status list for one leaf (or the default): the status of tick t (1-based) is statuses[t-1];
/// past the end the last one holds, or the list starts over when `cycle`.
struct Rule
{
  std::vector<BT::NodeStatus> statuses;
  bool cycle = false;

  BT::NodeStatus at(uint64_t tick) const;
  bool has_running() const;
};

/// The leaf script: rules by node ID, by node name (`@name`), and the default.
class Script
{
public:
  Script();

  /// Parses one line: a rule (`KEY: S R F ...`, `default: S`), a blackboard preset
  /// (`set KEY = VALUE`), a comment (`# ...`) or nothing; throws
  /// std::runtime_error with `where` in the message on a malformed line.
  void add_line(const std::string& line, const std::string& where);
  /// Reads a script file, line by line.
  void add_file(const std::string& path);

  /// The rule of a node: its name's, else its ID's, else the default.
  const Rule& rule_for(const std::string& id, const std::string& name) const;

  /// Blackboard entries (strings) set on the tree's root blackboard once it is created.
  std::vector<std::pair<std::string, std::string>> presets;

  /// The tree's tick in progress (1-based); the runner sets it before each tick.
  uint64_t tick = 0;
  /// Calls to generic leaves in the tick in progress, and the most allowed: a tick that does not
  /// end (a Repeat or Retry looping over leaves that always succeed or fail) is stopped with an
  /// exception past the limit.
  uint64_t calls_this_tick = 0;
  uint64_t max_calls_per_tick = 1000000;

  /// Counts a leaf call; throws when the tick runs away.
  void count_call();

private:
  std::map<std::string, Rule> by_id_;
  std::map<std::string, Rule> by_name_;
  Rule default_;
};

/// What registration did, for the report.
struct Registered
{
  std::vector<std::string> from_models;   // "Kind ID"
  std::vector<std::string> inferred;      // "Kind ID" (IDs no model declares)
  std::vector<std::string> ignored;       // models of built-in or already registered IDs
};

/// Registers, as generic nodes driven by `script`, every node ID declared by the <TreeNodesModel>
/// of `xml_file` (Action, Condition, Control, Decorator, with their ports; SubTree models and
/// built-in IDs are skipped). Throws BT::RuntimeError or std::runtime_error on an unreadable file.
void register_models(BT::BehaviorTreeFactory& factory, const std::string& xml_file,
                     std::shared_ptr<Script> script, Registered& out);

/// Registers, as generic nodes, every node ID used in the <BehaviorTree>s of `xml_file` that is
/// neither registered nor the ID of a tree of the file: `<Action ID=…>` and the like by their
/// element name, any other element by its number of children (none: Action, one: Decorator, more:
/// Control). Ports: every attribute that is not BT.CPP's own (name, ID, `_…`) is an input port.
void register_unknown(BT::BehaviorTreeFactory& factory, const std::string& xml_file,
                      std::shared_ptr<Script> script, Registered& out);

/// Preorder index of every node of the tree (the root is 0; a SubTree node comes before the
/// nodes of its tree), as BehaviorTree.CPP's tree holds them.
std::map<const BT::TreeNode*, int> preorder(const BT::Tree& tree);

/// Writes the listing, one line per node: `node INDEX PARENT ID NAME` (PARENT `-` for the root).
void write_listing(const BT::Tree& tree, std::ostream& out);

/// BehaviorTree.CPP's status name: IDLE, RUNNING, SUCCESS, FAILURE, SKIPPED.
const char* status_name(BT::NodeStatus s);

/// Writes `change TICK INDEX PREV NEW` for every status change of every node, transitions to
/// IDLE included, in the order BehaviorTree.CPP reports them.
class ChangeLines : public BT::StatusChangeLogger
{
public:
  ChangeLines(const BT::Tree& tree, const Script& script, std::ostream& out);
  ~ChangeLines() override;
  void callback(BT::Duration timestamp, const BT::TreeNode& node, BT::NodeStatus prev_status,
                BT::NodeStatus status) override;
  void flush() override;

private:
  std::map<const BT::TreeNode*, int> index_;
  const Script& script_;
  std::ostream& out_;
};

/// The error text of an exception, on one line (newlines become " | ").
std::string one_line(const std::string& text);

/// Ticks `tree` once as tick `t` of `script` (tickExactlyOnce) and returns the root's status.
BT::NodeStatus tick(BT::Tree& tree, Script& script, uint64_t t);

/// Command-line options shared by the programs that load a tree with generic leaves.
struct LeafOptions
{
  std::vector<std::string> models;   // --models FILE: more files whose <TreeNodesModel> to register
  bool generic_unknown = false;      // --generic-unknown
  std::string main_tree;             // --main ID: the tree to create (else the file's main one)
  std::shared_ptr<Script> script = std::make_shared<Script>();

  /// Consumes the option at argv[i] if it is one of the leaf options (--models, --generic-unknown,
  /// --main, --script, --leaf, --default, --set); returns false otherwise. Throws std::runtime_error on a bad
  /// value.
  bool parse(int argc, char** argv, int& i);
  /// The usage lines of these options.
  static const char* usage();
};

/// A factory with `file`'s models (and the extra model files) registered as generic nodes, and
/// the unknown IDs too if asked; then the tree created with createTreeFromFile, or, with --main,
/// registerBehaviorTreeFromFile and createTree(ID); the script's presets set on its root blackboard.
BT::Tree load_tree(BT::BehaviorTreeFactory& factory, const std::string& file,
                   const LeafOptions& opts, Registered& reg);

/// Halts `tree` and lets it go. BehaviorTree.CPP's ~Tree halts every node, which runs their
/// `_onHalted` scripts; one that throws there (a script assigning a blackboard entry that does not
/// exist yet, for instance) would end the program (an exception out of a destructor). Halting here
/// first catches that: the error text is returned and the tree is deliberately leaked, so its
/// destructor never runs. Returns an empty string when the halt went well.
std::string dispose(BT::Tree&& tree);

}  // namespace harness
