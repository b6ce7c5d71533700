import ArgumentParser

/// The command language: every command a prompt line or a script line can hold.
struct WorkbenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "storebench",
    abstract: "Commands of the storebench workbench.",
    discussion: """
      One command a line; # starts a comment; quote arguments with spaces.
      Prefix a command with `try` to keep going when it fails (then `expect last-error`).
      `help COMMAND` shows a command's options.
      """,
    subcommands: [
      ProductsCommand.self, BuyCommand.self, BuyBackdatedCommand.self, FinishCommand.self,
      TransactionsCommand.self, HistoryCommand.self, DeleteTransactionCommand.self,
      ClearTransactionsCommand.self,
      RestoreCommand.self, RelaunchCommand.self, CancelNextCommand.self, CanMakePaymentsCommand.self,
      ObserverCommand.self, ObserversCommand.self, StorageCommand.self, ClockCommand.self,
      AdvanceClockCommand.self,
      SubscriptionsCommand.self, StatusCommand.self, AutoRenewCommand.self, BillingRetryCommand.self,
      GracePeriodCommand.self, BillingFixCommand.self, PriceIncreaseCommand.self, ConsentCommand.self,
      RefundCommand.self, RefundRequestCommand.self, ExpireCommand.self, RenewNowCommand.self,
      TimeRateCommand.self,
      AskToBuyCommand.self, ApproveCommand.self, DeclineCommand.self, HabitCommand.self,
      InterruptedPurchasesCommand.self, ResolveCommand.self, FailNextCommand.self,
      DeviceCommand.self, DevicesCommand.self, ReinstallCommand.self, AccountCommand.self, FamilyCommand.self,
      StorefrontCommand.self, LocaleCommand.self, DownloadsCommand.self, StartDownloadsCommand.self,
      DownloadControlCommand.self, BandwidthCommand.self, CACommand.self, ReceiptCommand.self,
      VerifyCommand.self,
      JWSCommand.self, OrderIDCommand.self, ServerCommand.self, SharedSecretCommand.self,
      EnvironmentCommand.self, TamperCommand.self,
      NotifyURLCommand.self, NotificationsCommand.self, TimelineCommand.self, NotifyCommand.self,
      CatalogCommand.self, IdentityCommand.self, SaveCommand.self, ImportCommand.self, LoadCommand.self,
      ExpectCommand.self,
      RecordCommand.self,
      ExportCommand.self,
      EchoCommand.self, QuitCommand.self,
      APIKeyCommand.self, BackgroundServeCommand.self,
      AppCommand.self, ListenerCommand.self, PurchaseCommand.self, EntitlementsCommand.self,
      UpdatesCommand.self,
      UnfinishedCommand.self, LatestCommand.self, AllTransactionsCommand.self, SubscriptionStatusCommand.self,
      AppTransactionCommand.self, UnverifiedNextCommand.self, SyncCommand.self,
      OfferCodeCommand.self, RedeemCommand.self, OfferKeyCommand.self, PromoteCommand.self,
      IntentsCommand.self,
      RedeemWinBackCommand.self, StreamlinedPurchasingCommand.self, ExternalPurchaseCommand.self,
      CancelFlowCommand.self, RetentionCommand.self, RescindConsentCommand.self,
    ])
}
