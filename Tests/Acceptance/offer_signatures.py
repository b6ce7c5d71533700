"""Signs promotional offers with Apple's App Store Server Library, now (real time), with the key
storebench made, and writes the storebench script that buys with them.

usage: offer_signatures.py KEY.p8 KEY_ID BUNDLE_ID OUT.storebench
"""
import sys
import time
import uuid

from appstoreserverlibrary.jws_signature_creator import (
    IntroductoryOfferEligibilitySignatureCreator,
    PromotionalOfferV2SignatureCreator,
)
from appstoreserverlibrary.promotional_offer import PromotionalOfferSignatureCreator

key_file, key_id, bundle_id, out = sys.argv[1:5]
key = open(key_file, "rb").read()
issuer = "57246542-96fe-1a63-e053-0824d011072a"
monthly = "com.example.studio.plus.monthly"
yearly = "com.example.studio.plus.yearly"
app_transaction_id = "705000000000000001"

v1 = PromotionalOfferSignatureCreator(key, key_id, bundle_id)


def legacy(signed_product, token=""):
    nonce = uuid.uuid4()
    timestamp = int(time.time() * 1000)
    signature = v1.create_signature(signed_product, "plus.comeback", token, nonce, timestamp)
    return f"--key-id {key_id} --nonce {nonce} --timestamp {timestamp} --signature {signature}"


v2 = PromotionalOfferV2SignatureCreator(key, key_id, issuer, bundle_id)
eligibility = IntroductoryOfferEligibilitySignatureCreator(key, key_id, issuer, bundle_id)
token = str(uuid.uuid4())
with open(out, "w") as script:
    script.write(f"""load world.json
buy {monthly} --discount plus.comeback {legacy(monthly)}
expect txn last purchased
buy {monthly} --discount plus.comeback {legacy(yearly)}
expect txn last error invalidSignature
app sk2
purchase {monthly} --promotional-offer plus.comeback {legacy(monthly, token)} --app-account-token {token}
expect purchase-result success
purchase {monthly} --offer-jws {v2.create_signature(monthly, "plus.comeback", app_transaction_id)}
expect purchase-result success
purchase {monthly} --offer-jws {v2.create_signature(monthly, "plus.comeback", None)}
expect purchase-result success
expire {monthly}
purchase {monthly} --intro-eligibility-jws {eligibility.create_signature(monthly, True, app_transaction_id)}
expect txn last flag trial
""")
