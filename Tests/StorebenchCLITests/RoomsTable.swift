/// The Rooms table of docs/architecture.md: which folders of which targets its rows name. A row's
/// first cell names one folder or more, as `` `Target/Folder/` ``, the later ones of a cell
/// possibly short (`` `Workbench/Export/`, `Import/` ``: the second is `Workbench/Import/`).
struct RoomsTable {
  /// For each target, the folders the rows name.
  private var named: [String: Set<String>] = [:]

  /// Reads the table's rows from the lines of the section that holds it.
  init(section lines: [String]) {
    for line in lines where line.hasPrefix("| `") {
      let cell = line.dropFirst(2).prefix { $0 != "|" }
      var target: String?
      for (index, part) in cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      where index % 2 == 1 {
        let words = part.split(separator: "/").map(String.init)
        if words.count >= 2 {
          target = words[0]
          named[words[0], default: []].insert(words[1])
        } else if let target, words.count == 1 {
          named[target, default: []].insert(words[0])
        }
      }
    }
  }

  /// The folders of a target the rows name, such as `["World", "Device"]` for `Simulation`.
  func folders(of target: String) -> Set<String> {
    named[target] ?? []
  }
}
