import Observer

/// How `observer add` states a stand-in observer's policy: a preset's name, or the `correct` preset
/// with `--purchased`, `--restored` and `--failed` options.
enum ObserverWords {
  /// The words after `observer add NAME`.
  static func words(for policy: ObserverPolicy) -> [String] {
    if let preset = policy.presetName { return [preset] }
    let base = ObserverPolicy.correct
    var words = ["correct"]
    if policy.purchased != base.purchased { words += ["--purchased", actions(policy.purchased)] }
    if policy.restored != base.restored { words += ["--restored", actions(policy.restored)] }
    if policy.failed != base.failed { words += ["--failed", actions(policy.failed)] }
    return words
  }

  /// The policy those words give, for checking that they give the observer's.
  static func policy(for policy: ObserverPolicy) -> ObserverPolicy {
    guard policy.presetName == nil else { return policy }
    var given = ObserverPolicy.correct
    given.purchased = policy.purchased
    given.restored = policy.restored
    given.failed = policy.failed
    return given
  }

  /// `deliver,finish`, `finish` or `none`.
  private static func actions(_ actions: [ObserverAction]) -> String {
    actions.isEmpty ? "none" : actions.map(\.rawValue).joined(separator: ",")
  }
}
