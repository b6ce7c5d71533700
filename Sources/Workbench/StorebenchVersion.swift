/// The version of storebench, printed by `--version` and written into recordings.
public enum StorebenchVersion {
  /// The version string.
  public static let current = "0.1.0"
}
