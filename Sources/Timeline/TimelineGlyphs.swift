/// The characters and colours a text timeline is drawn with: plain ASCII for any terminal, file or
/// bug report, or Unicode blocks where the terminal can show them.
public struct TimelineGlyphs: Hashable, Sendable {
  /// Whether bars are Unicode blocks rather than ASCII letters.
  public var usesUnicode: Bool
  /// Whether ANSI colours are added.
  public var usesColor: Bool

  /// Glyphs for plain ASCII without colour: what scripts and golden transcripts show.
  public static let plain = TimelineGlyphs(usesUnicode: false, usesColor: false)

  /// Creates a set of glyphs.
  public init(usesUnicode: Bool, usesColor: Bool) {
    self.usesUnicode = usesUnicode
    self.usesColor = usesColor
  }

  /// The character a segment's columns are filled with: a block or a letter for what happened, a
  /// lighter ASCII mark (in both sets) for what is scheduled.
  public func bar(_ look: TimelineSegment.Look) -> Character {
    look.isScheduled ? scheduledBar(look.kind) : bar(look.kind)
  }

  private func scheduledBar(_ kind: TimelineSegment.Kind) -> Character {
    switch kind {
    case .trial: "t"
    case .intro: "i"
    case .offer: "o"
    case .regular: "-"
    case .grace: ":"
    case .billingRetry: "_"
    case .expired: ","
    case .revoked: "#"
    }
  }

  private func bar(_ kind: TimelineSegment.Kind) -> Character {
    switch kind {
    case .trial: usesUnicode ? "░" : "T"
    case .intro: usesUnicode ? "▒" : "I"
    case .offer: usesUnicode ? "▓" : "O"
    case .regular: usesUnicode ? "█" : "="
    case .grace: usesUnicode ? "▄" : "g"
    case .billingRetry: usesUnicode ? "▁" : "!"
    case .expired: usesUnicode ? "·" : "."
    case .revoked: usesUnicode ? "╳" : "#"
    }
  }

  /// The character a marker is drawn as (ASCII in both sets).
  public func marker(_ kind: TimelineMarker.Kind) -> Character {
    switch kind {
    case .charge: "$"
    case .refund: "R"
    case .refundRequest: "?"
    case .refundDeclined: "D"
    case .priceIncrease: "P"
    case .priceConsent: "C"
    case .askToBuy: "A"
    case .offer: "*"
    case .upgrade: "^"
    case .downgrade: "v"
    case .crossgrade: ">"
    case .planChangeCancelled: "<"
    case .planChange: "%"
    case .commitmentStart: "["
    case .commitmentEnd: "]"
    case .autoRenew: "~"
    case .notificationDelivered: "N"
    case .notificationFailed: "x"
    }
  }

  /// The ANSI colour of a segment (SGR parameters): faint when it is scheduled.
  func color(_ look: TimelineSegment.Look) -> String {
    look.isScheduled ? "2;" + color(look.kind) : color(look.kind)
  }

  private func color(_ kind: TimelineSegment.Kind) -> String {
    switch kind {
    case .trial: "36"
    case .intro: "34"
    case .offer: "35"
    case .regular: "32"
    case .grace: "33"
    case .billingRetry: "31"
    case .expired: "2"
    case .revoked: "1;31"
    }
  }

  /// The ANSI colour of a marker.
  func color(_ kind: TimelineMarker.Kind) -> String {
    switch kind {
    case .charge, .notificationDelivered: "32"
    case .refund, .refundDeclined, .notificationFailed: "31"
    case .refundRequest, .priceIncrease, .autoRenew: "33"
    case .priceConsent, .askToBuy, .upgrade, .downgrade, .crossgrade, .planChangeCancelled, .planChange: "36"
    case .offer, .commitmentStart, .commitmentEnd: "35"
    }
  }

  /// What stands for the end of a shortened name: `…`, or `...` in ASCII.
  public var ellipsis: String { usesUnicode ? "…" : "..." }

  /// Text in a colour, or as it is without colour.
  func paint(_ text: String, _ color: String) -> String {
    usesColor ? "\u{1B}[\(color)m\(text)\u{1B}[0m" : text
  }
}
