import SystemIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// `StagedWrite PATH TEXT`: writes TEXT to PATH with `StagedFile.writeAtomically`, the one durable
// write, so that SystemIOTests can kill it at each fsync and rename (strace) and after each step
// (`CrashPoint`), and check what the file holds afterwards. Exits 1 with the error, 2 on bad usage.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  try? FileDescriptor.standardError.writeAll("usage: StagedWrite PATH TEXT\n")
  exit(2)
}
do {
  try StagedFile.writeAtomically(Array(arguments[2].utf8), to: arguments[1])
} catch {
  try? FileDescriptor.standardError.writeAll("StagedWrite: \(error.path): \(error)\n")
  exit(1)
}
