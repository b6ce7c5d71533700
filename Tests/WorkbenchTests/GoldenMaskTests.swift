import Foundation
import Testing

@testable import Workbench

/// Masks in golden transcripts: each hides one value of its kind and nothing else, a `{{` means one
/// thing, and `--update` keeps the masks whose lines still match.
@Suite struct GoldenMaskTests {
  static let token =
    "eyJhbGciOiJFUzI1NiIsImtpZCI6IlNCMDAwMDAwMDEiLCJ0eXAiOiJKV1QifQ.eyJpYXQiOjE3Njc5MTMyMDB9.mNxL-7_Ot0Aw"
  static let signature =
    "MEUCIHxQdUtiwaTa3irbqUnV5eeyvQ4xo7TeNbtgvup9BDUJAiEA5sdn/d7ydUpWe7O60jaQ+vFTzagoae+SWPKjhfKHiNo="

  private func line(_ text: String) throws -> GoldenLine { try GoldenLine(text) }

  @Test func eachMaskMatchesOneValueOfItsKind() throws {
    #expect(try line("token: {{jws}}").matches("token: \(Self.token)"))
    #expect(try line("{{jws}}.").matches(Self.token + "."), "a dot after it ends the sentence")
    #expect(try line("--signature {{base64}}").matches("--signature \(Self.signature)"))
    #expect(
      try line("--nonce {{uuid}} --timestamp {{digits}} x").matches(
        "--nonce 00000000-0000-4000-8000-00000000000A --timestamp 1767913200000 x"))
    #expect(try line("root SHA-256 {{hex}}").matches("root SHA-256 0123abcdEF"))
  }

  @Test func aMaskHidesNothingBesideItsValue() throws {
    let masked = try line("token: {{jws}} (valid 60 minutes)")
    #expect(masked.matches("token: \(Self.token) (valid 60 minutes)"))
    #expect(!masked.matches("token: \(Self.token) (valid 61 minutes)"), "text after the mask differs")
    #expect(!masked.matches("Token: \(Self.token) (valid 60 minutes)"), "text before the mask differs")
    #expect(!masked.matches("token: \(Self.token) extra (valid 60 minutes)"), "a mask takes one value")
    #expect(!masked.matches("token: (valid 60 minutes)"), "a mask takes one value, never none")
    #expect(!masked.matches("token: \(Self.token)"))
  }

  @Test func aValueOfAnotherShapeDoesNotMatch() throws {
    #expect(!(try line("{{jws}}").matches("eyJhbGciOiJFUzI1NiJ9.eyJpYXQiOjF9")), "two parts")
    #expect(!(try line("{{jws}}").matches("abc.def.ghi")), "not a JSON header")
    #expect(!(try line("{{jws}}").matches("eyJhbGciOiJFUzI1NiJ9..c2ln")), "an empty payload")
    #expect(!(try line("{{base64}}").matches("MEUCIHxQ=")), "not a multiple of four")
    #expect(!(try line("{{base64}}").matches("MEU===")), "three pads")
    #expect(!(try line("{{uuid}}").matches("00000000-0000-4000-8000-0000000000")), "too short")
    #expect(!(try line("{{uuid}}").matches("00000000-0000-4000-8000-000000000003-1")), "one group too many")
    #expect(!(try line("{{digits}} ms").matches("17679132O0000 ms")), "a letter O")
    #expect(!(try line("{{digits}}").matches("")))
    #expect(!(try line("{{hex}}").matches("12g4")))
  }

  @Test func aMaskTakesTheWholeRunOfItsCharacters() throws {
    // {{digits}} takes all of 12345, so a 5 written after it never matches: no guessing where a
    // value ends.
    #expect(!(try line("{{digits}}5").matches("12345")))
    #expect(try line("{{digits}}ms").matches("12345ms"))
    #expect(try line("{{digits}}.{{digits}}").matches("1767913200.250"))
  }

  @Test func doubleBracesAlwaysMeanAMask() throws {
    #expect(try line("{{open}}jws}}").matches("{{jws}}"), "{{open}} is a literal {{")
    #expect(try line("a {{open}} b").matches("a {{ b"))
    #expect(!(try line("a {{open}} b").matches("a {{open}} b")))
    #expect(GoldenLine.escaped("echo {{jws}} {{{") == "echo {{open}}jws}} {{open}}{")
    #expect(try line(GoldenLine.escaped("echo {{jws}} {{{")).matches("echo {{jws}} {{{"))
    #expect(try line("single { braces } and }} alone").matches("single { braces } and }} alone"))
    #expect(throws: WorkbenchError.self) { try GoldenLine("token: {{jwt}}") }
    #expect(throws: WorkbenchError.self) { try GoldenLine("token: {{jws") }
    #expect(throws: WorkbenchError.self) { try GoldenLine("{{}}") }
  }

  @Test func aBadMaskNamesItsFileAndLine() throws {
    #expect {
      try GoldenTranscript(text: "> api-key token\ntoken: {{jwt}}\n", path: "x.expected")
    } throws: { error in
      (error as? WorkbenchError)?.reason
        == "x.expected:2: {{jwt}} is not a mask (masks: {{jws}} {{base64}} {{uuid}} {{digits}} {{hex}}; {{open}} is a literal {{)"
    }
  }

  @Test func aDifferenceOutsideTheMasksFailsAndTheDiffShowsOnlyIt() throws {
    let golden = try GoldenTranscript(
      text: "> api-key token\n{{jws}}\n> api-key list\nSB00000001  issuer {{uuid}}\nend\n", path: "x.expected"
    )
    let same =
      "> api-key token\n\(Self.token)\n> api-key list\nSB00000001  issuer 57246542-96fe-1a63-e053-0824d011072a\nend\n"
    #expect(golden.firstDifference(from: same) == nil)
    #expect(golden.diff(to: same, transcriptName: "x") == nil)

    let changed = same.replacingOccurrences(of: "SB00000001", with: "SB00000002")
    #expect(
      golden.firstDifference(from: changed)
        == "line 4: expected \"SB00000001  issuer {{uuid}}\", got \"SB00000002  issuer 57246542-96fe-1a63-e053-0824d011072a\""
    )
    #expect(
      golden.diff(to: changed, transcriptName: "x (transcript)") == [
        "--- x.expected", "+++ x (transcript)", "@@ -1,5 +1,5 @@", " > api-key token", " {{jws}}",
        " > api-key list", "-SB00000001  issuer {{uuid}}",
        "+SB00000002  issuer 57246542-96fe-1a63-e053-0824d011072a", " end",
      ])
    #expect(golden.firstDifference(from: same + "more\n") == "line 6: expected end of output, got \"more\"")
  }

  @Test func updatingKeepsTheMasksWhoseLinesStillMatch() throws {
    let golden = try GoldenTranscript(
      text:
        "> api-key token\n{{jws}}\n> offer-key sign\n--nonce {{uuid}} --timestamp {{digits}}\n> old\ngone\n",
      path: "x.expected")
    let transcript =
      "> api-key token\n\(Self.token)\n> offer-key sign\n--nonce 00000000-0000-4000-8000-000000000001 --timestamp not-a-time\n> new {{x}}\n"
    #expect(
      golden.updated(to: transcript)
        == "> api-key token\n{{jws}}\n> offer-key sign\n--nonce 00000000-0000-4000-8000-000000000001 --timestamp not-a-time\n> new {{open}}x}}\n"
    )
    #expect(
      try GoldenTranscript(text: golden.updated(to: transcript), path: "x").firstDifference(from: transcript)
        == nil)
  }
}
