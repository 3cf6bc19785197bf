"""A reminder delivered by the server's own scheduler, end to end (issue 14), in headless Chromium.

# tend serve flags: --allow-private-targets

The push service is a double in this file on 127.0.0.1 (the server runs with the flag above so
that it may send there). A subscription is made as a browser makes one (its own P-256 key and
auth secret) and registered through the API; a habit gets a reminder for the next minute; the
scheduler in `tend serve` encrypts and signs the message, and the double checks the VAPID JWT's
signature and claims and decrypts the payload (RFC 8291) with the subscription's private key. The
plaintext is handed to the page's real service worker through the DevTools protocol
(ServiceWorker.deliverPushMessage), and the notification it shows is read back.

Real: the scheduler's timing, encryption, VAPID signature, payload, the service worker's handling,
and the "Done" URL the notification carries, posted as the service worker posts it (a fetch with
no credentials): it checks the habit in for the reminder's day, once. Not real: Chromium cannot
reach a push service here, and it has no way to press a notification's action button headlessly
(a synthetic notificationclick cannot call waitUntil), so the press itself is not exercised."""

import base64
import datetime
import http.server
import json
import os
import threading
import time
import unittest

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from test_first_hour import api
import test_notifications as notifications
from test_today import URL, js, wait


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def hkdf(salt, ikm, info, length):
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=info).derive(ikm)


class PushServiceDouble:
    """Records what is POSTed to /push/... on 127.0.0.1 and answers 201, like a push service."""

    def __init__(self):
        self.messages = []
        double = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                double.messages.append((self.path, dict(self.headers.items()), body))
                self.send_response(201)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()


class Subscription:
    """A browser's side of a push subscription (RFC 8291): a P-256 key pair and an auth secret."""

    def __init__(self, endpoint):
        self.endpoint = endpoint
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.public = self.key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        self.auth = os.urandom(16)

    def json(self):
        return {"endpoint": self.endpoint, "keys": {"p256dh": b64url(self.public), "auth": b64url(self.auth)}}

    def decrypt(self, body):
        """aes128gcm (RFC 8188) with the key schedule of RFC 8291."""
        salt, record_size, id_length = body[:16], int.from_bytes(body[16:20], "big"), body[20]
        server_public = body[21:21 + id_length]
        ciphertext = body[21 + id_length:]
        assert len(ciphertext) <= record_size, "one record"
        peer = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), server_public)
        shared = self.key.exchange(ec.ECDH(), peer)
        ikm = hkdf(self.auth, shared, b"WebPush: info\x00" + self.public + server_public, 32)
        key = hkdf(salt, ikm, b"Content-Encoding: aes128gcm\x00", 16)
        nonce = hkdf(salt, ikm, b"Content-Encoding: nonce\x00", 12)
        padded = AESGCM(key).decrypt(nonce, ciphertext, None)
        text = padded.rstrip(b"\x00")
        assert text.endswith(b"\x02"), "the last record's delimiter"
        return text[:-1]


def verify_vapid(authorization, audience):
    """The claims of a `vapid t=…, k=…` header after checking its ES256 signature with k."""
    fields = dict(part.strip().split("=", 1) for part in authorization[len("vapid "):].split(","))
    header, claims, signature = fields["t"].split(".")
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64url_decode(fields["k"]))
    raw = b64url_decode(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, (header + "." + claims).encode(), ec.ECDSA(hashes.SHA256()))
    decoded = json.loads(b64url_decode(claims))
    assert decoded["aud"] == audience, decoded
    assert decoded["exp"] <= time.time() + 24 * 3600, "at most 24 hours"
    return decoded


def shared(name):
    """A helper of the notification tests (the class itself is not imported: its tests would run here too)."""
    return vars(notifications.NotificationTests)[name]


class PushDeliveryTests(unittest.TestCase):
    # The second "Done" is refused on purpose (409): a notification is answered once.
    expected_console = ("status of 409",)
    setUpClass = shared("setUpClass")
    setUp = shared("setUp")
    tearDown = shared("tearDown")
    sign_in = shared("sign_in")
    settings = shared("settings")
    devtools = shared("devtools")
    send = shared("send")
    call = shared("call")
    deliver = shared("deliver")
    registration_id = shared("registration_id")
    notifications = shared("notifications")

    def test_a_reminder_sent_by_the_scheduler_is_shown_and_its_done_checks_in(self):
        double = PushServiceDouble()
        try:
            self.run_reminder(double)
        finally:
            double.close()

    def run_reminder(self, double):
        driver = self.driver
        subscription = Subscription(f"http://127.0.0.1:{double.port}/push/e2e")
        created = api("POST", "/api/v1/push/subscriptions", subscription.json(), token=self.token)
        self.assertIn("id", created)

        # A reminder for the minute after next, in the account's zone (UTC unless set).
        zone = api("GET", "/api/v1/settings", token=self.token)["timeZone"]
        self.assertEqual(zone, "UTC")
        at = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(minutes=1 if datetime.datetime.now().second < 45 else 2)
        habit = api("POST", "/api/v1/habits", {"name": "Stretch", "emoji": "🧘",
                                               "reminders": [{"time": at.strftime("%H:%M"), "message": "Five minutes"}]},
                    token=self.token)

        message = wait(driver, lambda d: double.messages[0] if double.messages else None, timeout=180)
        path, headers, body = message
        self.assertEqual(path, "/push/e2e")
        headers = {k.lower(): v for k, v in headers.items()}
        self.assertEqual(headers["content-encoding"], "aes128gcm")
        self.assertEqual(headers["ttl"], "3600")
        self.assertEqual(headers["urgency"], "high")
        claims = verify_vapid(headers["authorization"], f"http://127.0.0.1:{double.port}")
        self.assertTrue(claims["sub"].startswith("mailto:") or claims["sub"].startswith("https:"))
        plaintext = subscription.decrypt(body)
        payload = json.loads(plaintext)
        self.assertEqual((payload["kind"], payload["title"], payload["body"]), ("reminder", "🧘 Stretch", "Five minutes"))
        day = payload["url"].split("date=")[1][:10]
        self.assertEqual(day, at.strftime("%Y-%m-%d"))

        # The page's service worker shows it.
        self.settings()
        wait(driver, lambda d: js(d, "return !!navigator.serviceWorker.controller"), timeout=15)
        socket = self.devtools()
        try:
            registration = self.registration_id(socket)
            shown = self.deliver(
                socket, registration, 20, plaintext.decode(), lambda n: n["tag"] == payload["tag"], "for the reminder")[0]
        finally:
            socket.close()
        self.assertEqual((shown["title"], shown["body"]), ("🧘 Stretch", "Five minutes"))
        if js(driver, "return Notification.maxActions || 0") > 0:
            self.assertEqual(shown["actions"], [["done", "Done"], ["later", "Later"]])

        # "Done", posted as the service worker posts it: no session, the token is the credential.
        done = shown["data"]["actions"]["done"]
        post = """
            const done = arguments[arguments.length - 1];
            fetch(arguments[0], { method: "POST", credentials: "omit" }).then((r) => done(r.status)).catch((e) => done(String(e)));
        """
        self.assertEqual(driver.execute_async_script(post, done), 200)
        entries = api("GET", f"/api/v1/habits/{habit['id']}/days?from={day}&to={day}", token=self.token)
        self.assertEqual([(e["day"], e["value"]) for e in entries], [(day, 1)], "checked in for the reminder's day")
        self.assertEqual(driver.execute_async_script(post, done), 409, "a notification is answered once")

        log = api("GET", "/api/v1/reminders/deliveries", token=self.token)
        self.assertTrue(any(d.get("status") == "sent" for d in (log if isinstance(log, list) else log.get("deliveries", []))), log)


if __name__ == "__main__":
    unittest.main()
