"""A 12-month commitment billed monthly, read by Apple's App Store Server Library for Python.

Usage: commitment_year.py STOREBENCH DIR CATALOG
Runs a year of `studio.yearly` bought with its monthly billing plan (auto-renew turned off in month
4), exports the signed transactions and renewal info, and checks that SignedDataVerifier accepts
them and that `billingPlanType`, `commitmentInfo` and `renewalBillingPlanType` parse into the
library's models (BillingPlanType, TransactionCommitmentInfo, RenewalCommitmentInfo,
RenewalBillingPlanType, AutoRenewStatus) with the values the year should have. Then asks
`storebench serve` for the subscription's statuses with the library's AppStoreServerAPIClient and
reads the commitment from the served answer. Prints one line per check and exits non-zero when any
fails.
"""
import os
import re
import shutil
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

from appstoreserverlibrary.api_client import AppStoreServerAPIClient
from appstoreserverlibrary.models.AutoRenewStatus import AutoRenewStatus
from appstoreserverlibrary.models.BillingPlanType import BillingPlanType
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.RenewalBillingPlanType import RenewalBillingPlanType
from appstoreserverlibrary.models.RenewalCommitmentInfo import RenewalCommitmentInfo
from appstoreserverlibrary.models.TransactionCommitmentInfo import TransactionCommitmentInfo
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

storebench, directory, catalog = os.path.abspath(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
directory.mkdir(parents=True, exist_ok=True)
shutil.copy(catalog, directory / "commitments.json")
(directory / "year.storebench").write_text("""\
catalog load commitments.json
ca export root.der --der
buy studio.yearly --billing-plan monthly
advance-clock 3mo
jws last --export month4.jws
jws last --renewal --export renewal-on.jws
auto-renew off studio.yearly
jws last --renewal --export renewal-off.jws
advance-clock 8mo
jws last --export month12.jws
jws last --renewal --export renewal-last.jws
advance-clock 1mo
jws last --renewal --export renewal-expired.jws
account add plain
account use plain
buy studio.yearly
jws last --export plain.jws
jws last --renewal --export plain-renewal.jws
""")
environment = dict(os.environ, STOREBENCH_CA_DIR=str(directory / "ca"))
run = subprocess.run([storebench, "run", "year.storebench"], cwd=directory, env=environment, capture_output=True, text=True)
failures = 0


def check(name, condition, detail=""):
    global failures
    print(("ok    " if condition else "FAIL  ") + name + (f": {detail}" if detail else ""))
    failures += 0 if condition else 1


check("storebench runs the commitment's year and exports its JWS", run.returncode == 0, run.stderr[-500:])
if run.returncode != 0:
    sys.exit(1)
verifier = SignedDataVerifier([(directory / "root.der").read_bytes()], False, Environment.SANDBOX, "com.example.commitments")


def transaction(name):
    return verifier.verify_and_decode_signed_transaction((directory / name).read_text().strip())


def renewal(name):
    return verifier.verify_and_decode_renewal_info((directory / name).read_text().strip())


def milliseconds(year, month, day):
    return int(datetime(year, month, day, tzinfo=timezone.utc).timestamp() * 1000)


end = milliseconds(2027, 1, 1)
month4 = transaction("month4.jws")
info = month4.commitmentInfo
check("month 4 is a MONTHLY renewal at 5.99", month4.billingPlanType == BillingPlanType.MONTHLY
      and month4.rawBillingPlanType == "MONTHLY" and month4.rawTransactionReason == "RENEWAL" and month4.price == 5990,
      f"{month4.rawBillingPlanType} {month4.rawTransactionReason} {month4.price}")
check("its commitmentInfo is a TransactionCommitmentInfo: billing 4 of 12, 71880 in all, ending 2027-01-01",
      isinstance(info, TransactionCommitmentInfo) and info.billingPeriodNumber == 4 and info.totalBillingPeriods == 12
      and info.commitmentPrice == 71880 and info.commitmentExpiresDate == end, info)
on = renewal("renewal-on.jws")
commitment = on.commitmentInfo
check("its renewal info renews MONTHLY at 5.99 on the next month",
      on.renewalBillingPlanType == RenewalBillingPlanType.MONTHLY and on.renewalPrice == 5990
      and on.renewalDate == milliseconds(2026, 5, 1) and on.autoRenewStatus == AutoRenewStatus.ON,
      f"{on.rawRenewalBillingPlanType} {on.renewalPrice} {on.renewalDate}")
check("its commitmentInfo is a RenewalCommitmentInfo: a new MONTHLY commitment of studio.yearly at 2027-01-01",
      isinstance(commitment, RenewalCommitmentInfo) and commitment.commitmentAutoRenewStatus == AutoRenewStatus.ON
      and commitment.commitmentAutoRenewProductId == "studio.yearly"
      and commitment.commitmentRenewalBillingPlanType == RenewalBillingPlanType.MONTHLY
      and commitment.commitmentRenewalDate == end and commitment.commitmentRenewalPrice == 5990, commitment)
off = renewal("renewal-off.jws")
check("auto-renew off mid-commitment: the months left still renew, the next commitment does not",
      off.autoRenewStatus == AutoRenewStatus.ON and off.commitmentInfo.commitmentAutoRenewStatus == AutoRenewStatus.OFF
      and off.commitmentInfo.rawCommitmentAutoRenewStatus == 0, off.commitmentInfo)
month12 = transaction("month12.jws")
check("month 12 is billed all the same, the last of the commitment",
      month12.commitmentInfo.billingPeriodNumber == 12 and month12.expiresDate == end and month12.price == 5990,
      month12.commitmentInfo)
last = renewal("renewal-last.jws")
check("in the last month nothing renews", last.autoRenewStatus == AutoRenewStatus.OFF and last.renewalDate is None,
      f"{last.rawAutoRenewStatus} {last.renewalDate}")
expired = renewal("renewal-expired.jws")
check("after the commitment it expired with intent 1 and carries no commitment",
      expired.rawExpirationIntent == 1 and expired.commitmentInfo is None and expired.renewalBillingPlanType is None,
      f"{expired.rawExpirationIntent} {expired.commitmentInfo}")
plain = transaction("plain.jws")
plain_renewal = renewal("plain-renewal.jws")
check("a subscription bought without a plan carries no billingPlanType, commitmentInfo or renewalBillingPlanType",
      plain.billingPlanType is None and plain.rawBillingPlanType is None and plain.commitmentInfo is None
      and plain_renewal.commitmentInfo is None and plain_renewal.rawRenewalBillingPlanType is None)


def served_statuses():
    """Get All Subscription Statuses from `storebench serve`, three months into a commitment."""
    (directory / "serve.storebench").write_text(
        "catalog load commitments.json\nbuy studio.yearly --billing-plan monthly\nadvance-clock 3mo\n"
        "api-key create --out AuthKey.p8\n")
    log = open(directory / "serve.err", "w")
    server = subprocess.Popen([storebench, "serve", "serve.storebench"], cwd=directory, env=environment,
                              stdout=subprocess.PIPE, stderr=log, text=True)
    try:
        url = server.stdout.readline().strip()
        # A served world numbers its transactions from its own seed: the purchase's id is in its log.
        bought = re.search(r"purchased (2[0-9]+)", (directory / "serve.err").read_text())
        client = AppStoreServerAPIClient((directory / "AuthKey.p8").read_bytes(), "SB00000001",
                                         "57246542-96fe-1a63-e053-0824d011072a", "com.example.commitments",
                                         Environment.SANDBOX)
        client._base_url = url
        return client.get_all_subscription_statuses(bought.group(1) if bought else "")
    finally:
        server.terminate()
        server.wait()
        log.close()


statuses = served_statuses()
last = statuses.data[0].lastTransactions[0]
served = verifier.verify_and_decode_signed_transaction(last.signedTransactionInfo)
served_renewal = verifier.verify_and_decode_renewal_info(last.signedRenewalInfo)
check("the served status of month 4 carries the commitment",
      last.rawStatus == 1 and served.billingPlanType == BillingPlanType.MONTHLY
      and served.commitmentInfo.billingPeriodNumber == 4 and served.commitmentInfo.commitmentExpiresDate == end
      and served_renewal.commitmentInfo.commitmentAutoRenewStatus == AutoRenewStatus.ON
      and served_renewal.renewalBillingPlanType == RenewalBillingPlanType.MONTHLY,
      f"{served.commitmentInfo} {served_renewal.commitmentInfo}")
sys.exit(1 if failures else 0)
