import Simulation
import Store

/// The page's Transaction Manager actions (and the control API's named actions) as command lines: each action is the command it mirrors,
/// with its fields checked first (a transaction id is digits, a handle `#N`, a choice one of its
/// words), so that a request can only ever run one of these commands, whatever it sends.
enum PageActions {
  /// The command line an action runs.
  ///
  /// - Throws: ``WorkbenchError`` naming the unknown action or the field that is missing or wrong.
  static func commandLine(for action: PageAction) throws(WorkbenchError) -> String {
    let fields = Fields(action)
    let words: [String]
    switch action.name {
    case "refund":
      words = [
        "refund", try fields.transaction(), "--reason", try fields.choice("reason", ["other", "app-issue"]),
      ]
    case "refund-decide":
      words = [
        "refund", "decide", try fields.choice("decision", ["grant", "decline"]), try fields.transaction(),
      ]
    case "expire": words = ["expire", try fields.product()]
    case "renew": words = ["renew-now", try fields.product()]
    case "auto-renew":
      words = ["auto-renew", try fields.choice("setting", ["on", "off"]), try fields.product()]
    case "billing-retry": words = ["billing-retry", try fields.choice("setting", ["on", "off"])]
    case "billing-fix": words = ["billing-fix"]
    case "grace-period":
      let setting = try fields.choice("setting", ["on", "off"])
      words =
        ["grace-period", setting]
        + (setting == "on" ? [try fields.choice("days", ["3d", "16d", "28d"])] : [])
    case "price-increase":
      words =
        [
          "price-increase", try fields.product(),
          try fields.matching("price", "a price such as 5.99", isPrice),
        ]
        + (fields["consent"] == "required" ? ["--consent-required"] : [])
    case "consent":
      words = ["consent", try fields.choice("answer", ["accept", "decline"]), try fields.product()]
    case "approve", "decline", "resolve": words = [action.name, try fields.handle()]
    case "advance-clock":
      words = ["advance-clock", try fields.choice("step", ["1h", "1d", "1w", "1mo", "3mo", "1y"])]
    case "redeem": words = ["redeem", try fields.matching("code", "an offer code", isCode)]
    case "fail-next":
      words =
        ["fail-next"]
        + (fields["api"] == nil
          ? [] : [try fields.choice("api", ["buy", "products", "restore", "download", "redeem"])])
        + (fields["error", default: ""].isEmpty
          ? [] : ["--error", try fields.matching("error", "an SKError name or number", isErrorName)])
    case "promote": words = ["promote", try fields.product()]
    case "server-fault":
      words =
        [
          "server", "fault",
          try fields.choice("endpoint", ServerFault.endpointNames + [ServerFault.allEndpoints]),
          try fields.choice("kind", ["rate-limit", "error", "not-found-younger", "delay", "status"]),
        ]
        + (fields["value", default: ""].isEmpty
          ? [] : [try fields.matching("value", "a number or duration", isValue)])
    case "server-faults-clear": words = ["server", "faults", "clear"]
    case "cancel-flow":
      words =
        ["cancel-flow", try fields.product()]
        + (fields["locale", default: ""].isEmpty
          ? [] : ["--locale", try fields.matching("locale", "a locale such as en-US", isLocale)])
    case "rescind-consent": words = ["rescind-consent"]
    case "notify":
      words =
        ["notify", try fields.choice("type", ServerEvent.Kind.allCases.map(\.rawValue))]
        + (fields["subtype", default: ""].isEmpty
          ? [] : [try fields.choice("subtype", ServerEvent.Subtype.allCases.map(\.rawValue))])
        + (fields["transaction", default: ""].isEmpty ? [] : [try fields.transaction()])
    case "cancel-flow-answer":
      words = ["cancel-flow", try fields.choice("answer", ["accept", "cancel", "close"])]
    case "link-out":
      let type = try fields.choice("type", ["acquisition", "services", "untyped"])
      words = ["external-purchase", "link-out"] + (type == "untyped" ? [] : ["--type", type])
    default:
      throw WorkbenchError(.invalidValue, "no page action named \(action.name)")
    }
    return words.map(ScriptWord.quoted).joined(separator: " ")
  }

  /// The action names the page may send.
  static let names = [
    "refund", "refund-decide", "expire", "renew", "auto-renew", "billing-retry", "billing-fix",
    "grace-period",
    "price-increase", "consent", "approve", "decline", "resolve", "advance-clock", "redeem", "fail-next",
    "promote", "server-fault", "server-faults-clear", "cancel-flow", "cancel-flow-answer",
    "rescind-consent", "notify", "link-out",
  ]

  private static func isPrice(_ text: String) -> Bool {
    !text.isEmpty && text.count <= 12 && text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
  }

  private static func isCode(_ text: String) -> Bool {
    !text.isEmpty && text.count <= 64
      && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
  }

  private static func isErrorName(_ text: String) -> Bool {
    !text.isEmpty && text.count <= 40 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
  }

  private static func isLocale(_ text: String) -> Bool {
    text.count <= 20
      && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
  }

  private static func isValue(_ text: String) -> Bool {
    text.count <= 12 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") }
  }

  /// An action's fields, read with the check each needs.
  private struct Fields {
    let action: PageAction

    init(_ action: PageAction) { self.action = action }

    subscript(name: String) -> String? { action.fields[name] }

    subscript(name: String, default value: String) -> String { action.fields[name] ?? value }

    func required(_ name: String) throws(WorkbenchError) -> String {
      guard let value = action.fields[name], !value.isEmpty else {
        throw WorkbenchError(.invalidValue, "\(action.name): the field \(name) is missing")
      }
      return value
    }

    func choice(_ name: String, _ choices: [String]) throws(WorkbenchError) -> String {
      let value = try required(name)
      guard choices.contains(value) else {
        throw WorkbenchError(
          .invalidValue, "\(action.name): \(name) must be one of \(choices.joined(separator: ", "))")
      }
      return value
    }

    func matching(_ name: String, _ what: String, _ test: (String) -> Bool) throws(WorkbenchError) -> String {
      let value = try required(name)
      guard test(value) else {
        throw WorkbenchError(.invalidValue, "\(action.name): \(name) must be \(what)")
      }
      return value
    }

    /// An App Store transaction id: digits.
    func transaction() throws(WorkbenchError) -> String {
      try matching("transaction", "a transaction id (digits)") { text in
        !text.isEmpty && text.count <= 20 && text.allSatisfy { $0.isASCII && $0.isNumber }
      }
    }

    /// A queue handle: `#` and digits.
    func handle() throws(WorkbenchError) -> String {
      try matching("handle", "a transaction handle such as #3") { text in
        text.count >= 2 && text.count <= 12 && text.first == "#"
          && text.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
      }
    }

    /// A product id: any text, quoted on the line (the command checks it names a product).
    func product() throws(WorkbenchError) -> String {
      try matching("product", "a product id") { text in
        text.count <= 255 && !text.contains(where: { $0.isNewline })
      }
    }
  }
}
