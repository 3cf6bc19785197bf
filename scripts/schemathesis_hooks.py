"""Schemathesis hooks for scripts/test-api: make generated requests use real ids.

Random UUIDs only ever reach the "not found" branch of a handler. These hooks keep a habit, a
routine holding it and a reminder of it alive on the server under test (re-creating them when a
test deletes one) and, before each call, put their ids into most generated path parameters and
body fields that name a habit or routine, so the handlers' real work runs with generated data.

Environment: TEND_API_URL (the server's base URL) and TEND_API_TOKEN (an API token).
"""

import os
import random
import threading
import uuid

import requests
import schemathesis

BASE = os.environ["TEND_API_URL"].rstrip("/") + "/api/v1"
HEADERS = {"Authorization": "Bearer " + os.environ["TEND_API_TOKEN"]}
# How often a generated, valid id is swapped for a real one.
REAL_ID_SHARE = 0.8
_random = random.Random(int(os.environ.get("TEND_API_TEST_SEED", "1")))
_ids = {}
_lock = threading.Lock()


def _request(method, path, **kwargs):
    response = requests.request(method, BASE + path, headers=HEADERS, timeout=30, **kwargs)
    response.raise_for_status()
    return response.json() if response.content else None


def _ensure_fixtures():
    """Makes sure the habit, the routine and the reminder exist (the run may have deleted them)."""
    habit = _ids.get("habit")
    if habit is None or requests.get(f"{BASE}/habits/{habit}", headers=HEADERS, timeout=30).status_code == 404:
        name = "Fixture " + uuid.uuid4().hex[:8]
        habit = _request("POST", "/habits", json={"name": name, "type": "count", "target": 5, "unit": "pages"})["id"]
        _ids["habit"] = habit
    reminders = _request("GET", f"/habits/{habit}/reminders")
    if reminders:
        _ids["reminder"] = reminders[0]["id"]
    else:
        _ids["reminder"] = _request("POST", f"/habits/{habit}/reminders", json={"time": "07:30"})["id"]
    routine = _ids.get("routine")
    if routine is None or requests.get(f"{BASE}/routines/{routine}", headers=HEADERS, timeout=30).status_code == 404:
        routine = _request("POST", "/routines", json={"name": "Fixture " + uuid.uuid4().hex[:8]})["id"]
        _ids["routine"] = routine
    if habit.lower() not in [h.lower() for h in _request("GET", f"/routines/{routine}")["habitIDs"]]:
        _request("POST", f"/routines/{routine}/habits", json={"habit": habit})


def _refresh_fixtures():
    """`_ensure_fixtures`, retried: a concurrent test may delete a fixture between two of its calls."""
    with _lock:
        for attempt in range(5):
            try:
                _ensure_fixtures()
                return
            except requests.HTTPError:
                if attempt == 4:
                    raise


def _is_uuid(value):
    try:
        uuid.UUID(str(value))
        return True
    except ValueError:
        return False


def _real(kind, generated):
    """A real id of `kind` most of the time, when the generated value is a well-formed id."""
    if _is_uuid(generated) and _random.random() < REAL_ID_SHARE:
        return _ids[kind]
    return generated


_refresh_fixtures()


@schemathesis.hook
def before_call(context, case, kwargs):
    path = case.operation.path
    parameters = case.path_parameters or {}
    if "id" in parameters:
        if path.startswith("/api/v1/habits/{id}"):
            parameters["id"] = _real("habit", parameters["id"])
        elif path.startswith("/api/v1/routines/{id}"):
            parameters["id"] = _real("routine", parameters["id"])
    if "habit" in parameters:
        parameters["habit"] = _real("habit", parameters["habit"])
    if "reminder" in parameters:
        parameters["reminder"] = _real("reminder", parameters["reminder"])
    body = case.body
    if isinstance(body, dict):
        if "habit" in body:
            body["habit"] = _real("habit", body["habit"])
        for key, kind in (("habitIDs", "habit"), ("ids", "routine" if "routines" in path else "habit")):
            if isinstance(body.get(key), list) and body[key]:
                body[key][0] = _real(kind, body[key][0])


@schemathesis.hook
def after_call(context, case, response):
    if case.method.upper() != "GET" and 200 <= response.status_code < 300:
        _refresh_fixtures()
