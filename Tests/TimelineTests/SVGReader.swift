import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// An SVG document read back: every element with its attributes, its own text and its tooltip
/// (the text of its `title` child), and all the text of the document.
final class SVGReader: NSObject, XMLParserDelegate {
  struct Element {
    var name: String
    var attributes: [String: String]
    /// The text directly inside it (a `title` child's text aside).
    var text = ""
    /// Its `title` child's text.
    var title = ""

    /// The words of its `class` attribute.
    var classes: Set<String> { Set((attributes["class"] ?? "").split(separator: " ").map(String.init)) }

    /// A number attribute.
    func number(_ name: String) -> Double? { attributes[name].flatMap(Double.init) }
  }

  /// A document that does not parse.
  struct Malformed: Error {
    var reason: String
  }

  private(set) var elements: [Element] = []
  private(set) var text = ""
  private var open: [Int] = []

  /// Reads a document.
  ///
  /// - Throws: ``Malformed`` when it is not well-formed XML.
  init(_ document: String) throws {
    super.init()
    let parser = XMLParser(data: Data(document.utf8))
    parser.delegate = self
    guard parser.parse() else { throw Malformed(reason: parser.parserError.map { "\($0)" } ?? "unknown") }
  }

  /// The elements of a name that have every one of the classes.
  func elements(_ name: String, classes: Set<String> = []) -> [Element] {
    elements.filter { $0.name == name && classes.isSubset(of: $0.classes) }
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    elements.append(Element(name: elementName, attributes: attributes))
    open.append(elements.count - 1)
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
  ) {
    open.removeLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    text += string
    guard let innermost = open.last else { return }
    if elements[innermost].name == "title", open.count >= 2 {
      elements[open[open.count - 2]].title += string
    } else {
      elements[innermost].text += string
    }
  }
}
