//! Nav2's selector nodes: each writes the plugin to use to the blackboard.

use super::*;

macro_rules! selector {
    ($($(#[$doc:meta])* $name:ident { $default:ident, $topic:tt } => $entry:ident;)*) => {$(
        $(#[$doc])*
        ///
        /// Writes the last name published on `topic_name`, or the default if none was, and
        /// succeeds (Nav2's selector nodes do the same with a ROS topic).
        #[derive(Clone, Debug, Ports)]
        pub struct $name {
            /// The selected plugin.
            pub $entry: Output<Name>,
            /// The plugin selected when nothing was published.
            pub $default: Input<Name>,
            /// Where a different plugin name can be published.
            #[port(default = $topic)]
            pub topic_name: Input<Name>,
        }

        impl Action<Robot> for $name {
            const PORTS: &'static [PortInfo] = <Self as Ports>::PORTS;
            fn execute(&mut self, robot: &mut Robot) -> Status {
                let Some(&default) = self.$default.get(robot) else { return Status::Failure };
                let topic = self.topic_name.get(robot).copied();
                let chosen = topic.and_then(|t| robot.published(t.0)).map_or(default, Name);
                self.$entry.set(robot, chosen);
                Status::Success
            }
        }
    )*};
}

selector! {
    /// `ProgressCheckerSelector`: selects the progress checker (`{selected_progress_checker}`).
    ProgressCheckerSelector { default_progress_checker, "progress_checker_selector" } => selected_progress_checker;
    /// `GoalCheckerSelector`: selects the goal checker (`{selected_goal_checker}`).
    GoalCheckerSelector { default_goal_checker, "goal_checker_selector" } => selected_goal_checker;
    /// `PathHandlerSelector`: selects the path handler (`{selected_path_handler}`).
    PathHandlerSelector { default_path_handler, "path_handler_selector" } => selected_path_handler;
    /// `ControllerSelector`: selects the controller plugin (`{selected_controller}`).
    ControllerSelector { default_controller, "controller_selector" } => selected_controller;
    /// `PlannerSelector`: selects the planner plugin (`{selected_planner}`).
    PlannerSelector { default_planner, "planner_selector" } => selected_planner;
}
