// The leaf script, the generic nodes and the line format shared by the reference programs (see
// harness.hpp and scripts/btcpp/README.md).
#include "harness.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "behaviortree_cpp/action_node.h"
#include "behaviortree_cpp/condition_node.h"
#include "behaviortree_cpp/controls/sequence_node.h"
#include "behaviortree_cpp/decorator_node.h"
#include "tinyxml2.h"

namespace harness
{

// ----- the script ---------------------------------------------------------------------------

BT::NodeStatus Rule::at(uint64_t tick) const
{
  if(statuses.empty())
  {
    return BT::NodeStatus::SUCCESS;
  }
  const uint64_t i = tick == 0 ? 0 : tick - 1;
  if(i < statuses.size())
  {
    return statuses[i];
  }
  return cycle ? statuses[i % statuses.size()] : statuses.back();
}

bool Rule::has_running() const
{
  return std::find(statuses.begin(), statuses.end(), BT::NodeStatus::RUNNING) != statuses.end();
}

Script::Script()
{
  default_.statuses = { BT::NodeStatus::SUCCESS };
}

static std::string trim(const std::string& s)
{
  size_t b = 0;
  size_t e = s.size();
  while(b < e && std::isspace(static_cast<unsigned char>(s[b])))
    b++;
  while(e > b && std::isspace(static_cast<unsigned char>(s[e - 1])))
    e--;
  return s.substr(b, e - b);
}

static BT::NodeStatus parse_status(std::string word, const std::string& where)
{
  std::transform(word.begin(), word.end(), word.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  if(word == "S" || word == "SUCCESS")
    return BT::NodeStatus::SUCCESS;
  if(word == "F" || word == "FAILURE")
    return BT::NodeStatus::FAILURE;
  if(word == "R" || word == "RUNNING")
    return BT::NodeStatus::RUNNING;
  throw std::runtime_error(where + ": `" + word +
                           "` is not a status (write S, F or R, or SUCCESS, FAILURE, RUNNING)");
}

void Script::add_line(const std::string& raw, const std::string& where)
{
  std::string line = raw.substr(0, raw.find('#'));
  line = trim(line);
  if(line.empty())
  {
    return;
  }
  if(line.compare(0, 4, "set ") == 0)
  {
    const auto eq = line.find('=');
    const std::string key = eq == std::string::npos ? "" : trim(line.substr(4, eq - 4));
    if(key.empty())
    {
      throw std::runtime_error(where + ": expected `set KEY = VALUE` (for example `set num_locs = 3`)");
    }
    presets.emplace_back(key, trim(line.substr(eq + 1)));
    return;
  }
  const auto colon = line.find(':');
  if(colon == std::string::npos)
  {
    throw std::runtime_error(where + ": expected `KEY: STATUS ...` (for example `GoToPose: R R S`)");
  }
  const std::string key = trim(line.substr(0, colon));
  std::string rest = line.substr(colon + 1);
  std::replace(rest.begin(), rest.end(), ',', ' ');
  Rule rule;
  std::istringstream words(rest);
  std::string word;
  while(words >> word)
  {
    if(word == "...")
    {
      rule.cycle = true;
      if(words >> word)
      {
        throw std::runtime_error(where + ": `...` must come last (it makes the list start over)");
      }
      break;
    }
    rule.statuses.push_back(parse_status(word, where));
  }
  if(key.empty() || rule.statuses.empty())
  {
    throw std::runtime_error(where + ": a rule needs a key and at least one status");
  }
  if(key == "default")
  {
    default_ = rule;
  }
  else if(key[0] == '@')
  {
    by_name_[key.substr(1)] = rule;
  }
  else
  {
    by_id_[key] = rule;
  }
}

void Script::add_file(const std::string& path)
{
  std::ifstream in(path);
  if(!in)
  {
    throw std::runtime_error("cannot read the leaf script " + path);
  }
  std::string line;
  int n = 0;
  while(std::getline(in, line))
  {
    add_line(line, path + ":" + std::to_string(++n));
  }
}

const Rule& Script::rule_for(const std::string& id, const std::string& name) const
{
  if(auto it = by_name_.find(name); it != by_name_.end())
    return it->second;
  if(auto it = by_id_.find(id); it != by_id_.end())
    return it->second;
  return default_;
}

void Script::count_call()
{
  if(++calls_this_tick > max_calls_per_tick)
  {
    throw BT::RuntimeError("tick ", std::to_string(tick), " did not end: more than ",
                           std::to_string(max_calls_per_tick),
                           " calls of generic leaves (a loop over leaves whose script never "
                           "changes their status within the tick)");
  }
}

// ----- the generic nodes ----------------------------------------------------------------------

namespace
{

/// An action: returns its rule's status for the tick; RUNNING keeps it active.
class GenericAction : public BT::StatefulActionNode
{
public:
  GenericAction(const std::string& name, const BT::NodeConfig& config, std::shared_ptr<Script> s)
    : BT::StatefulActionNode(name, config), script_(std::move(s))
  {}

  BT::NodeStatus onStart() override
  {
    return next();
  }
  BT::NodeStatus onRunning() override
  {
    return next();
  }
  void onHalted() override
  {}

private:
  BT::NodeStatus next()
  {
    script_->count_call();
    if(rule_ == nullptr)
    {
      rule_ = &script_->rule_for(registrationName(), name());
    }
    return rule_->at(script_->tick);
  }
  std::shared_ptr<Script> script_;
  const Rule* rule_ = nullptr;
};

/// A condition: its rule's status for the tick (a rule with RUNNING is refused).
class GenericCondition : public BT::ConditionNode
{
public:
  GenericCondition(const std::string& name, const BT::NodeConfig& config,
                   std::shared_ptr<Script> s)
    : BT::ConditionNode(name, config), script_(std::move(s))
  {}

  BT::NodeStatus tick() override
  {
    script_->count_call();
    if(rule_ == nullptr)
    {
      rule_ = &script_->rule_for(registrationName(), name());
      if(rule_->has_running())
      {
        throw BT::RuntimeError("the script gives RUNNING to the condition ", registrationName(),
                               " (", name(), "); a condition answers SUCCESS or FAILURE");
      }
    }
    return rule_->at(script_->tick);
  }

private:
  std::shared_ptr<Script> script_;
  const Rule* rule_ = nullptr;
};

/// A control node of unknown semantics: ticks its children as BehaviorTree.CPP's Sequence does.
class GenericControl : public BT::SequenceNode
{
public:
  GenericControl(const std::string& name, const BT::NodeConfig& config)
    : BT::SequenceNode(name, false, config)
  {}
};

/// A decorator of unknown semantics: passes its child's status through and resets the child once
/// it has completed.
class GenericDecorator : public BT::DecoratorNode
{
public:
  GenericDecorator(const std::string& name, const BT::NodeConfig& config)
    : BT::DecoratorNode(name, config)
  {}

  BT::NodeStatus tick() override
  {
    setStatus(BT::NodeStatus::RUNNING);
    const BT::NodeStatus s = child_node_->executeTick();
    if(BT::isStatusCompleted(s))
    {
      resetChild();
    }
    return s;
  }
};

BT::NodeType kind_of(const std::string& element)
{
  if(element == "Action")
    return BT::NodeType::ACTION;
  if(element == "Condition")
    return BT::NodeType::CONDITION;
  if(element == "Control")
    return BT::NodeType::CONTROL;
  if(element == "Decorator")
    return BT::NodeType::DECORATOR;
  return BT::NodeType::UNDEFINED;
}

void register_generic(BT::BehaviorTreeFactory& factory, BT::TreeNodeManifest manifest,
                      std::shared_ptr<Script> script)
{
  BT::NodeBuilder builder;
  switch(manifest.type)
  {
    case BT::NodeType::ACTION:
      builder = [script](const std::string& name, const BT::NodeConfig& config) {
        return std::make_unique<GenericAction>(name, config, script);
      };
      break;
    case BT::NodeType::CONDITION:
      builder = [script](const std::string& name, const BT::NodeConfig& config) {
        return std::make_unique<GenericCondition>(name, config, script);
      };
      break;
    case BT::NodeType::CONTROL:
      builder = [](const std::string& name, const BT::NodeConfig& config) {
        return std::make_unique<GenericControl>(name, config);
      };
      break;
    default:
      builder = [](const std::string& name, const BT::NodeConfig& config) {
        return std::make_unique<GenericDecorator>(name, config);
      };
      break;
  }
  factory.registerBuilder(manifest, builder);
}

void load_document(tinyxml2::XMLDocument& doc, const std::string& path)
{
  if(doc.LoadFile(path.c_str()) != tinyxml2::XML_SUCCESS)
  {
    throw std::runtime_error("cannot parse " + path + ": " + doc.ErrorStr());
  }
}

const char* kind_name(BT::NodeType t)
{
  switch(t)
  {
    case BT::NodeType::ACTION:
      return "Action";
    case BT::NodeType::CONDITION:
      return "Condition";
    case BT::NodeType::CONTROL:
      return "Control";
    case BT::NodeType::DECORATOR:
      return "Decorator";
    default:
      return "?";
  }
}

}  // namespace

void register_models(BT::BehaviorTreeFactory& factory, const std::string& xml_file,
                     std::shared_ptr<Script> script, Registered& out)
{
  tinyxml2::XMLDocument doc;
  load_document(doc, xml_file);
  const auto* root = doc.RootElement();
  if(root == nullptr)
  {
    return;
  }
  for(const auto* models = root->FirstChildElement("TreeNodesModel"); models != nullptr;
      models = models->NextSiblingElement("TreeNodesModel"))
  {
    for(const auto* m = models->FirstChildElement(); m != nullptr; m = m->NextSiblingElement())
    {
      const BT::NodeType type = kind_of(m->Name());
      const char* id = m->Attribute("ID");
      if(type == BT::NodeType::UNDEFINED || id == nullptr)
      {
        continue;  // SubTree models, metadata
      }
      if(factory.builtinNodes().count(id) != 0 || factory.manifests().count(id) != 0)
      {
        out.ignored.push_back(std::string(kind_name(type)) + " " + id);
        continue;
      }
      BT::TreeNodeManifest manifest;
      manifest.type = type;
      manifest.registration_ID = id;
      for(const auto* p = m->FirstChildElement(); p != nullptr; p = p->NextSiblingElement())
      {
        const std::string tag = p->Name();
        BT::PortDirection dir;
        if(tag == "input_port")
          dir = BT::PortDirection::INPUT;
        else if(tag == "output_port")
          dir = BT::PortDirection::OUTPUT;
        else if(tag == "inout_port")
          dir = BT::PortDirection::INOUT;
        else
          continue;
        const char* name = p->Attribute("name");
        if(name == nullptr)
          continue;
        BT::PortInfo info(dir);
        if(const char* d = p->Attribute("default"))
        {
          info.setDefaultValue(std::string(d));
        }
        if(const char* text = p->GetText())
        {
          info.setDescription(text);
        }
        manifest.ports.insert({ name, info });
      }
      register_generic(factory, manifest, script);
      out.from_models.push_back(std::string(kind_name(type)) + " " + id);
    }
  }
}

namespace
{

void collect_uses(const tinyxml2::XMLElement* e, const std::set<std::string>& trees,
                  std::map<std::string, BT::TreeNodeManifest>& found)
{
  for(const auto* c = e->FirstChildElement(); c != nullptr; c = c->NextSiblingElement())
  {
    std::string element = c->Name();
    BT::NodeType type = kind_of(element);
    std::string id = element;
    if(type != BT::NodeType::UNDEFINED)
    {
      const char* a = c->Attribute("ID");
      id = a != nullptr ? a : "";
    }
    else if(element != "SubTree" && element != "SubTreePlus" && trees.count(element) == 0)
    {
      int children = 0;
      for(const auto* g = c->FirstChildElement(); g != nullptr; g = g->NextSiblingElement())
        children++;
      type = children == 0 ? BT::NodeType::ACTION :
             children == 1 ? BT::NodeType::DECORATOR :
                             BT::NodeType::CONTROL;
    }
    if(type != BT::NodeType::UNDEFINED && !id.empty() && found.count(id) == 0)
    {
      BT::TreeNodeManifest manifest;
      manifest.type = type;
      manifest.registration_ID = id;
      for(const auto* a = c->FirstAttribute(); a != nullptr; a = a->Next())
      {
        const std::string n = a->Name();
        if(n == "ID" || n == "name" || (!n.empty() && n[0] == '_'))
          continue;
        manifest.ports.insert({ n, BT::PortInfo(BT::PortDirection::INPUT) });
      }
      found.insert({ id, manifest });
    }
    collect_uses(c, trees, found);
  }
}

}  // namespace

void register_unknown(BT::BehaviorTreeFactory& factory, const std::string& xml_file,
                      std::shared_ptr<Script> script, Registered& out)
{
  tinyxml2::XMLDocument doc;
  load_document(doc, xml_file);
  const auto* root = doc.RootElement();
  if(root == nullptr)
  {
    return;
  }
  std::set<std::string> trees;
  for(const auto* t = root->FirstChildElement("BehaviorTree"); t != nullptr;
      t = t->NextSiblingElement("BehaviorTree"))
  {
    if(const char* id = t->Attribute("ID"))
      trees.insert(id);
  }
  std::map<std::string, BT::TreeNodeManifest> found;
  for(const auto* t = root->FirstChildElement("BehaviorTree"); t != nullptr;
      t = t->NextSiblingElement("BehaviorTree"))
  {
    collect_uses(t, trees, found);
  }
  for(auto& [id, manifest] : found)
  {
    if(factory.builtinNodes().count(id) != 0 || factory.manifests().count(id) != 0)
      continue;
    out.inferred.push_back(std::string(kind_name(manifest.type)) + " " + id);
    register_generic(factory, manifest, script);
  }
}

// ----- the tree's listing and its changes -------------------------------------------------------

std::map<const BT::TreeNode*, int> preorder(const BT::Tree& tree)
{
  std::map<const BT::TreeNode*, int> index;
  int n = 0;
  BT::applyRecursiveVisitor(static_cast<const BT::TreeNode*>(tree.rootNode()),
                            [&](const BT::TreeNode* node) { index[node] = n++; });
  return index;
}

namespace
{
void list(const BT::TreeNode* node, const std::map<const BT::TreeNode*, int>& index,
          int parent, std::ostream& out)
{
  out << "node " << index.at(node) << ' ';
  if(parent < 0)
    out << '-';
  else
    out << parent;
  out << ' ' << node->registrationName() << ' ' << node->name() << '\n';
  const int me = index.at(node);
  if(auto c = dynamic_cast<const BT::ControlNode*>(node))
  {
    for(const auto* child : c->children())
      list(child, index, me, out);
  }
  else if(auto d = dynamic_cast<const BT::DecoratorNode*>(node))
  {
    if(d->child() != nullptr)
      list(d->child(), index, me, out);
  }
}
}  // namespace

void write_listing(const BT::Tree& tree, std::ostream& out)
{
  const auto index = preorder(tree);
  list(tree.rootNode(), index, -1, out);
}

const char* status_name(BT::NodeStatus s)
{
  switch(s)
  {
    case BT::NodeStatus::IDLE:
      return "IDLE";
    case BT::NodeStatus::RUNNING:
      return "RUNNING";
    case BT::NodeStatus::SUCCESS:
      return "SUCCESS";
    case BT::NodeStatus::FAILURE:
      return "FAILURE";
    case BT::NodeStatus::SKIPPED:
      return "SKIPPED";
  }
  return "?";
}

ChangeLines::ChangeLines(const BT::Tree& tree, const Script& script, std::ostream& out)
  : BT::StatusChangeLogger(), index_(preorder(tree)), script_(script), out_(out)
{
  enableTransitionToIdle(true);
  subscribeToTreeChanges(tree.rootNode());
}

ChangeLines::~ChangeLines()
{
  unsubscribeFromTreeChanges();
}

void ChangeLines::callback(BT::Duration, const BT::TreeNode& node, BT::NodeStatus prev,
                           BT::NodeStatus status)
{
  auto it = index_.find(&node);
  out_ << "change " << script_.tick << ' ' << (it == index_.end() ? -1 : it->second) << ' '
       << status_name(prev) << ' ' << status_name(status) << '\n';
}

void ChangeLines::flush()
{
  out_.flush();
}

std::string one_line(const std::string& text)
{
  std::string out;
  for(char c : text)
  {
    if(c == '\n')
      out += " | ";
    else if(c != '\r')
      out += c;
  }
  while(out.size() >= 3 && out.compare(out.size() - 3, 3, " | ") == 0)
    out.resize(out.size() - 3);
  return out;
}

BT::NodeStatus tick(BT::Tree& tree, Script& script, uint64_t t)
{
  script.tick = t;
  script.calls_this_tick = 0;
  return tree.tickExactlyOnce();
}

std::string dispose(BT::Tree&& tree)
{
  auto owned = std::make_unique<BT::Tree>(std::move(tree));
  try
  {
    owned->haltTree();
  }
  catch(const std::exception& e)
  {
    (void)owned.release();  // its destructor would halt again and throw out of it
    return one_line(e.what());
  }
  return {};
}

// ----- options and loading ----------------------------------------------------------------------

bool LeafOptions::parse(int argc, char** argv, int& i)
{
  const std::string a = argv[i];
  auto value = [&]() -> std::string {
    if(i + 1 >= argc)
      throw std::runtime_error(a + " needs a value");
    return argv[++i];
  };
  if(a == "--models")
    models.push_back(value());
  else if(a == "--generic-unknown")
    generic_unknown = true;
  else if(a == "--main")
    main_tree = value();
  else if(a == "--script")
    script->add_file(value());
  else if(a == "--leaf")
    script->add_line(value(), "--leaf");
  else if(a == "--default")
    script->add_line("default: " + value(), "--default");
  else if(a == "--set")
    script->add_line("set " + value(), "--set");
  else
    return false;
  return true;
}

const char* LeafOptions::usage()
{
  return "  --models FILE      also register the <TreeNodesModel> of FILE (repeatable)\n"
         "  --generic-unknown  register node IDs that no model declares as generic nodes\n"
         "  --main ID          create the tree ID (default: the file's main tree)\n"
         "  --script FILE      leaf script (rules `KEY: S R F ...`, see README.md)\n"
         "  --leaf 'KEY: S R'  one rule on the command line (repeatable)\n"
         "  --default S        status of leaves without a rule (default SUCCESS)\n"
         "  --set KEY=VALUE    a blackboard entry (a string) set before the first tick\n";
}

BT::Tree load_tree(BT::BehaviorTreeFactory& factory, const std::string& file,
                   const LeafOptions& opts, Registered& reg)
{
  for(const auto& m : opts.models)
    register_models(factory, m, opts.script, reg);
  register_models(factory, file, opts.script, reg);
  if(opts.generic_unknown)
    register_unknown(factory, file, opts.script, reg);
  BT::Tree tree;
  if(opts.main_tree.empty())
  {
    tree = factory.createTreeFromFile(file);
  }
  else
  {
    factory.registerBehaviorTreeFromFile(file);
    tree = factory.createTree(opts.main_tree);
  }
  for(const auto& [key, value] : opts.script->presets)
    tree.rootBlackboard()->set(key, value);
  return tree;
}

}  // namespace harness
