import Foundation
import Testing

/// `.ci/deps`, which `make deps` runs: what it installs, or says to install, on each platform. The
/// platform is faked (`STOREBENCH_UNAME`) and the tools it looks for are whatever a folder of
/// stand-ins holds, so each case runs on any machine; `--dry-run` installs nothing.
@Suite struct DepsScriptTests {
  /// A folder of stand-in tools, and what `.ci/deps` printed and returned with only them on the
  /// `PATH`.
  private struct Run {
    let status: Int32
    let output: String
  }

  private let tools = FileManager.default.temporaryDirectory.appendingPathComponent("deps-\(UUID())")

  init() throws {
    try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
  }

  /// Makes a stand-in tool that prints a line.
  private func tool(_ name: String, printing line: String = "") throws {
    let file = tools.appendingPathComponent(name)
    try "#!/bin/sh\necho '\(line)'\n".write(to: file, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
  }

  /// A folder standing for Apple's SDK, with or without libedit's header, and `xcrun` naming it.
  private func sdk(withLibEdit: Bool) throws {
    let sdk = tools.appendingPathComponent("sdk")
    try FileManager.default.createDirectory(
      at: sdk.appendingPathComponent("usr/include"), withIntermediateDirectories: true)
    if withLibEdit {
      try "".write(
        to: sdk.appendingPathComponent("usr/include/histedit.h"), atomically: true, encoding: .utf8)
    }
    try tool("xcrun", printing: sdk.path)
  }

  private func run(_ platform: String) throws -> Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [PackageManifest.root.appendingPathComponent(".ci/deps").path, "--dry-run"]
    process.environment = ["PATH": tools.path, "STOREBENCH_UNAME": platform, "STOREBENCH_UID": "1000"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(status: process.terminationStatus, output: String(decoding: printed, as: UTF8.self))
  }

  @Test func onMacOSHomebrewInstallsWhatIsMissingAndStraceIsNamedAsSkipped() throws {
    try sdk(withLibEdit: true)
    try tool("brew")
    let run = try run("Darwin")
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("installing: brew install tmux python\n"))
    #expect(run.output.contains("installing: brew install --cask chromedriver chromium\n"))
    #expect(run.output.contains("skipped: strace does not exist on macOS"))
    #expect(!run.output.contains("apt-get"))
  }

  @Test func onMacOSWithoutHomebrewItSaysExactlyWhatToInstall() throws {
    try sdk(withLibEdit: true)
    for name in ["tmux", "python3", "chromedriver"] { try tool(name) }
    let run = try run("Darwin")
    #expect(run.status == 0, "the build needs none of them")
    #expect(run.output.contains("  brew install --cask chromium\n"))
    #expect(!run.output.contains("installing:"))
  }

  @Test func onMacOSWithoutTheSDKsLibEditTheBuildCannotGoOn() throws {
    try sdk(withLibEdit: false)
    let run = try run("Darwin")
    #expect(run.status == 1)
    #expect(run.output.contains("xcode-select --install"))
  }

  @Test func onLinuxAptGetInstallsWhatIsMissing() throws {
    let run = try run("Linux")
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("installing: sudo apt-get update -qq\n"))
    #expect(run.output.contains(" tmux strace openssl python3-venv chromium chromium-driver\n"))
  }

  @Test func anotherPlatformIsRefused() throws {
    let run = try run("FreeBSD")
    #expect(run.status == 1)
    #expect(run.output.contains("not on FreeBSD"))
  }
}
