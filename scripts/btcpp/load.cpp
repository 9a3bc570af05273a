// btcpp_load: loads XML files in BehaviorTree.CPP 4.10 with generic, scripted nodes; optionally
// ticks each tree and prints its root status and every node's status changes per tick.
//
//   btcpp_load [OPTIONS] FILE...
//
//   --ticks N          tick each loaded tree N times (tickExactlyOnce), printing the lines below
//   --list             print the tree's nodes (`node ...` lines) even without --ticks
//   (and the leaf options: --models, --generic-unknown, --main, --script, --leaf, --default,
//   --set; see README.md)
//
// Every file gets a fresh factory: the node IDs its <TreeNodesModel> declares (and those of the
// --models files) are registered as generic nodes, then factory.createTreeFromFile(FILE) creates
// its main tree. Lines printed (see README.md for the leaf script and the generic nodes):
//
//   ok FILE (N nodes; generic: A from models, B inferred)
//                                     the file's tree was created; it has N nodes; A node IDs were
//                                     registered from models, B by --generic-unknown
//   file FILE                         its listing and ticks follow (with --ticks or --list)
//   node INDEX PARENT ID NAME         the tree, preorder (root 0, PARENT `-`), with --ticks or --list
//   change TICK INDEX PREV NEW        a status change of node INDEX during tick TICK (1-based)
//   tick TICK STATUS                  the root's status returned by tick TICK
//   fail FILE: ERROR                  BehaviorTree.CPP's error, on one line (newlines as " | ")
//   note FILE: ...                    the tree loaded, but halting it throws (see harness.hpp)
//   btcpp load: N of M                last: files loaded (tree created) of files given
//
// The exit status is 0 when no `fail` line was printed (every file loaded and ticked), else 1.
#include <iostream>

#include "harness.hpp"

int main(int argc, char** argv)
{
  harness::LeafOptions opts;
  std::vector<std::string> files;
  uint64_t ticks = 0;
  bool list = false;
  try
  {
    for(int i = 1; i < argc; i++)
    {
      const std::string a = argv[i];
      if(opts.parse(argc, argv, i))
        continue;
      if(a == "--ticks" && i + 1 < argc)
        ticks = std::stoull(argv[++i]);
      else if(a == "--list")
        list = true;
      else if(a == "-h" || a == "--help")
      {
        std::cout << "usage: btcpp_load [--ticks N] [--list] [leaf options] FILE...\n"
                  << harness::LeafOptions::usage();
        return 0;
      }
      else if(!a.empty() && a[0] == '-')
        throw std::runtime_error("unknown option " + a);
      else
        files.push_back(a);
    }
  }
  catch(const std::exception& e)
  {
    std::cerr << "btcpp_load: " << e.what() << "\n";
    return 2;
  }

  size_t loaded = 0;
  size_t failures = 0;
  for(const auto& file : files)
  {
    try
    {
      BT::BehaviorTreeFactory factory;
      harness::Registered reg;
      BT::Tree tree = harness::load_tree(factory, file, opts, reg);
      loaded++;
      std::cout << "ok " << file << " (" << harness::preorder(tree).size() << " nodes; generic: "
                << reg.from_models.size() << " from models, " << reg.inferred.size()
                << " inferred)\n";
      if(ticks > 0 || list)
      {
        std::cout << "file " << file << "\n";
        harness::write_listing(tree, std::cout);
      }
      std::string error;
      if(ticks > 0)
      {
        harness::ChangeLines lines(tree, *opts.script, std::cout);
        try
        {
          for(uint64_t t = 1; t <= ticks; t++)
          {
            const BT::NodeStatus s = harness::tick(tree, *opts.script, t);
            std::cout << "tick " << t << ' ' << harness::status_name(s) << '\n';
          }
        }
        catch(const std::exception& e)
        {
          error = harness::one_line(e.what());
        }
      }
      const std::string halt = harness::dispose(std::move(tree));
      if(!halt.empty())
      {
        std::cout << "note " << file << ": halting the tree throws (BehaviorTree.CPP's ~Tree "
                  << "would end the program; the tree is left undestroyed): " << halt << "\n";
      }
      if(!error.empty())
      {
        std::cout << "fail " << file << ": " << error << "\n";
        failures++;
      }
    }
    catch(const std::exception& e)
    {
      std::cout << "fail " << file << ": " << harness::one_line(e.what()) << "\n";
      failures++;
    }
  }
  std::cout << "btcpp load: " << loaded << " of " << files.size() << std::endl;
  return failures == 0 ? 0 : 1;
}
