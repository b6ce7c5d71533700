import Foundation

/// A line of a golden transcript: text a transcript's line must equal, where `{{KIND}}` masks one
/// value that changes from run to run (``GoldenMask``: `{{jws}}`, `{{base64}}`, `{{uuid}}`,
/// `{{digits}}`, `{{hex}}`). In a golden file `{{` always begins a mask, so that a line means one
/// thing only: a literal `{{` is written `{{open}}`, and any other `{{…` is an error.
///
/// `token: {{jws}}` matches `token: eyJhbGciOiJFUzI1NiJ9.eyJpYXQiOjF9.c2ln` and not `token:
/// eyJhbGciOiJFUzI1NiJ9.eyJpYXQiOjF9.c2ln extra`, nor `key: eyJ…`: only the masked value may differ.
struct GoldenLine: Hashable, Sendable {
  /// A piece of the line.
  enum Part: Hashable, Sendable {
    /// Bytes the transcript's line has there.
    case text([UInt8])
    /// One value of a kind.
    case mask(GoldenMask)
  }

  /// The line as the golden file writes it.
  let source: String
  /// Its pieces; one text piece for a line without masks.
  let parts: [Part]
  /// The text a transcript's line must be, for a line without masks (`{{open}}` read as `{{`).
  private let plain: String?

  /// Reads a golden file's line.
  ///
  /// - Throws: ``WorkbenchError`` for a `{{` that begins no mask: an unknown kind, or one never
  ///   closed with `}}`.
  init(_ source: String) throws(WorkbenchError) {
    self.source = source
    var parts: [Part] = []
    var text: [UInt8] = []
    var rest = Substring(source)
    while let open = rest.range(of: "{{") {
      text += Array(rest[..<open.lowerBound].utf8)
      let afterOpen = rest[open.upperBound...]
      guard let close = afterOpen.range(of: "}}") else {
        throw WorkbenchError(.invalidValue, "a {{ is not closed with }} (\(Self.masksNamed))")
      }
      let name = String(afterOpen[..<close.lowerBound])
      if name == GoldenMask.openName {
        text += Array("{{".utf8)
      } else if let mask = GoldenMask(rawValue: name) {
        if !text.isEmpty { parts.append(.text(text)) }
        text = []
        parts.append(.mask(mask))
      } else {
        throw WorkbenchError(.invalidValue, "{{\(name)}} is not a mask (\(Self.masksNamed))")
      }
      rest = afterOpen[close.upperBound...]
    }
    text += Array(rest.utf8)
    if parts.isEmpty {
      plain = String(decoding: text, as: UTF8.self)
    } else {
      plain = nil
      if !text.isEmpty { parts.append(.text(text)) }
    }
    self.parts = parts.isEmpty ? [.text(text)] : parts
  }

  /// The masks there are, as errors name them.
  private static var masksNamed: String {
    "masks: " + GoldenMask.allCases.map { "{{\($0.rawValue)}}" }.joined(separator: " ")
      + "; {{\(GoldenMask.openName)}} is a literal {{"
  }

  /// Whether the line has a mask.
  var isMasked: Bool { plain == nil }

  /// Whether a transcript's line is this one: its text equal where this one has text, one value of
  /// the kind where it has a mask.
  func matches(_ line: String) -> Bool {
    if let plain { return plain == line }
    var rest = Array(line.utf8)[...]
    for part in parts {
      switch part {
      case .text(let text):
        guard rest.starts(with: text) else { return false }
        rest = rest.dropFirst(text.count)
      case .mask(let mask):
        guard let length = mask.length(of: rest) else { return false }
        rest = rest.dropFirst(length)
      }
    }
    return rest.isEmpty
  }

  /// A transcript's line as a golden file writes it: each `{{` as `{{open}}`, so that it is not
  /// read as a mask.
  static func escaped(_ line: String) -> String {
    line.contains("{{") ? line.replacingOccurrences(of: "{{", with: "{{\(GoldenMask.openName)}}") : line
  }
}
