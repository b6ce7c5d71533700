/// A subject `help TOPIC` explains that is not one command: how durations, transaction references
/// and scripts are written, what the command line exits with, the app's shared secret.
enum HelpTopic: String, CaseIterable, Sendable {
  /// `45s 15m 3h 2d 1w 1mo 1y 1d12h` and how months step.
  case durations
  /// `#1`, `last` and transaction ids.
  case refs
  /// Script files: syntax, `try`, `expect`, running, transcripts.
  case scripts
  /// What `storebench run`, `test` and `--state` exit with.
  case exitCodes = "exit-codes"
  /// Seeing and setting the app's shared secret.
  case sharedSecret = "shared-secret"

  /// The topic a word names, by its name or a common other name (`references`).
  init?(word: String) {
    switch word {
    case "refs", "ref", "references", "txn": self = .refs
    case "duration": self = .durations
    case "script": self = .scripts
    case "exit-code", "exit-status": self = .exitCodes
    default: self.init(rawValue: word)
    }
  }

  /// The topic `help COMMAND` adds after a command's own help: the handles and ids
  /// `transactions` shows, the secret `shared-secret` sets.
  init?(attachedTo command: String) {
    switch command {
    case "transactions": self = .refs
    case "shared-secret": self = .sharedSecret
    default: return nil
    }
  }

  /// What the topic says, in lines of at most 80 columns.
  var text: String {
    switch self {
    case .durations:
      """
      Durations (advance-clock DURATION, grace-period, server fault switches)

      A duration is one or more NUMBER UNIT parts written together:
        45s   seconds        2d   days (86,400 seconds each)
        15m   minutes        1w   weeks (7 days)
        3h    hours          1mo  calendar months
        1y    calendar years (12 months)
        1d12h one day and twelve hours: parts add up
      Seconds, minutes, hours, days and weeks are exact. Months and years step in
      civil time, in UTC: the clock moves by calendar months first, keeping the day
      of the month and clamping it to the month's end (Jan 31 + 1mo is Feb 28, or
      Feb 29 in a leap year), then by the exact part. A duration is never zero or
      negative (the clock only moves forward) and at most 10,000 years long; each
      number has at most six digits.
      """
    case .refs:
      """
      Transaction references (TXN in finish TXN, refund TXN, expect txn TXN …)

        #1, #2 …  the session's handles, in the order transactions appeared on any
                  device; `transactions` lists them with their handles
        last      the newest transaction
        ID        an App Store transaction id, all digits, such as 2000000000000001
                  (`transactions` and `history` show them)
      After a command, `#` followed by a digit is a handle, not a comment (a line
      that starts with `#` is a comment). Commands acting on Apple's side
      (refund, refund-request, notify) also take the id of a transaction in the
      account's history that no device holds.
      """
    case .scripts:
      """
      Scripts (FILE.storebench)

      One command a line, the same commands as at the prompt. A line that starts
      with # is a comment; later on a line, # starts one unless a digit follows it
      (finish #3 names a transaction handle). Quote an argument with spaces in
      "double" or 'single' quotes; a backslash escapes the next character. A first
      line #!/usr/bin/env storebench makes the file a program (chmod +x, then
      ./FILE.storebench).

      A script stops at the first failed line, printed as FILE:LINE: error.
      `try COMMAND` keeps going when COMMAND fails and keeps its message for
      `expect last-error`. `on DEVICE COMMAND` runs COMMAND with DEVICE current,
      then goes back to the device that was (an app connected to serve buys this
      way: on iPhone-sim purchase pro.monthly). `expect …` asserts the session's
      state (`help expect` lists what it checks) and fails the script when it
      does not hold.

        storebench run FILE…       run scripts, each in a fresh session
                                   (--keep-going carries on after a failure)
        storebench FILE            the same as storebench run FILE
        storebench test DIR        run every *.storebench in DIR, in parallel
      In a suite, a script with FILE.expected beside it passes only when its
      transcript (its output) equals that file; a diff shows what changed.
      `storebench test DIR --update` rewrites the .expected files: check the diff.
      `record FILE` at the prompt writes the commands you type as a script.
      """
    case .exitCodes:
      """
      Exit codes

      storebench run FILE… (and storebench FILE)
        0    every line of every script ran and every expect held
        1    a line failed or an expect did not hold, or a file could not be read
        130  Ctrl-C stopped the run
      storebench test DIR
        0    every script passed
        1    a script failed, DIR holds no script to run, or --junit could not
             be written
      storebench --state FILE COMMAND…
        0    the command ran and the world was saved
        1    loading FILE, the command or the save failed
      Any of them
        64   the command line itself is wrong (an unknown option, a missing
             argument), or a workbench command was given without --state
      """
    case .sharedSecret:
      """
      The app's shared secret

      App Store Connect gives an app a shared secret (32 hex characters) that
      verifyReceipt takes as `password`. `shared-secret` shows the world's, and
        shared-secret SECRET
      sets it; then verify with `verify --password SECRET`. When the app has a
      shared secret, a receipt holding auto-renewable subscriptions verified with
      another password, or none, is answered 21004 as Apple does; receipts without
      subscriptions are not checked. A new world has none. `save FILE` keeps it,
      and `export script FILE` writes it as a `shared-secret` line (--redact
      replaces it).
      """
    }
  }

  /// The topics as `help` lists them at its end.
  static var listing: String {
    "Topics (`help TOPIC`): " + allCases.map(\.rawValue).joined(separator: ", ")
  }
}
