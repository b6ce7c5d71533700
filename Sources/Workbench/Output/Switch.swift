import ArgumentParser

/// `on` or `off`, as switches take it.
enum Switch: String, ExpressibleByArgument, CaseIterable {
  case on, off

  var isOn: Bool { self == .on }
}
