import Foundation

/// Which folders of one target use which: folder A uses folder B when a Swift file in A names a
/// type declared at the top level of a file in B. Files directly in the target's folder belong to
/// the folder `.`. A name declared both at the top level and nested somewhere in the target (such
/// as `Script`, also `ExportCommand.Script`) is ambiguous and left out; comments are skipped.
struct FolderGraph {
  /// For each folder, the folders it uses and, for each, the type names that make it use them.
  var edges: [String: [String: Set<String>]] = [:]

  /// Reads the Swift files under a target's folder.
  ///
  /// - Throws: ``ManifestError`` when the folder cannot be listed; the file system's error when a
  ///   file cannot be read.
  init(target folder: URL) throws {
    guard let paths = FileManager.default.subpaths(atPath: folder.path) else {
      throw ManifestError("cannot list the folder \(folder.path)")
    }
    var texts: [(folder: String, code: String)] = []
    var owners: [String: String] = [:]
    var nested: Set<String> = []
    for path in paths.sorted() where path.hasSuffix(".swift") {
      let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
      let room = path.contains("/") ? String(path.prefix { $0 != "/" }) : "."
      let code = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
      }.joined(separator: "\n")
      texts.append((room, code))
      for line in code.split(separator: "\n") {
        guard let name = Self.declaredType(line) else { continue }
        if line.first?.isWhitespace == true {
          nested.insert(name)
        } else {
          owners[name] = owners[name] ?? room
        }
      }
    }
    for name in nested { owners[name] = nil }
    for (room, code) in texts {
      for word in Self.capitalizedWords(code) {
        guard let owner = owners[word], owner != room else { continue }
        edges[room, default: [:]][owner, default: []].insert(word)
      }
    }
  }

  /// The folders, and the folders they use, leaving out a hub folder and every edge to or from it.
  func without(hub: String) -> [String: Set<String>] {
    var result: [String: Set<String>] = [:]
    for (from, targets) in edges where from != hub {
      result[from] = Set(targets.keys).subtracting([hub])
    }
    return result
  }

  /// A cycle of folders, as a path that starts and ends at the same folder, if there is one.
  static func cycle(in graph: [String: Set<String>]) -> [String]? {
    var state: [String: Bool] = [:]  // false: on the current path; true: finished
    var path: [String] = []
    func visit(_ node: String) -> [String]? {
      if state[node] == true { return nil }
      if state[node] == false, let start = path.firstIndex(of: node) { return path[start...] + [node] }
      state[node] = false
      path.append(node)
      for next in (graph[node] ?? []).sorted() {
        if let found = visit(next) { return found }
      }
      path.removeLast()
      state[node] = true
      return nil
    }
    for node in graph.keys.sorted() {
      if let found = visit(node) { return found }
    }
    return nil
  }

  /// The type a line declares (`struct`, `enum`, `class`, `protocol`, `actor`, `typealias`), if any.
  static func declaredType(_ line: Substring) -> String? {
    let keywords: Set<Substring> = ["struct", "enum", "class", "protocol", "actor", "typealias"]
    let words = line.split(whereSeparator: { $0.isWhitespace || $0 == ":" || $0 == "<" || $0 == "=" })
    guard let index = words.firstIndex(where: keywords.contains), index + 1 < words.count,
      words[..<index].allSatisfy({ $0.first?.isLetter == true && $0.first?.isLowercase == true })
    else { return nil }
    let name = words[index + 1]
    return name.first?.isUppercase == true ? String(name) : nil
  }

  /// The words of code that start with a capital letter.
  static func capitalizedWords(_ code: String) -> Set<String> {
    var words: Set<String> = []
    var current = ""
    for character in code {
      if character.isLetter || character.isNumber || character == "_" {
        current.append(character)
      } else {
        if current.first?.isUppercase == true { words.insert(current) }
        current = ""
      }
    }
    if current.first?.isUppercase == true { words.insert(current) }
    return words
  }
}
