#!/usr/bin/env python3
"""Attackers for bench/abuse.sh, each from several loopback source addresses, for a given time.

  attack.py idle    HOST PORT SECONDS SOURCES CONNECTIONS
      a connection flood: CONNECTIONS idle connections spread over the sources, reopened when the
      server closes them.
  attack.py reset   HOST PORT SECONDS SOURCES THREADS
      a flood of POST /api/reset-password with made-up tokens, THREADS in parallel.
  attack.py upload  HOST PORT SECONDS SOURCES UPLOADS COOKIE BYTES RATE
      UPLOADS parallel POST /api/upload of a BYTES multipart body (a GIF header and random bytes)
      sent at RATE bytes per second each, with the session cookie COOKIE ("name=value"); an upload
      that ends (or is refused) starts again.

SOURCES is a comma-separated list of 127.0.0.x addresses. Prints a one-line summary at the end.
"""
import json
import os
import secrets
import select
import signal
import socket
import sys
import threading
import time

stats_lock = threading.Lock()
stats = {"opened": 0, "refused": 0, "closed_by_server": 0, "requests": 0, "unanswered": 0, "statuses": {}}


def bump(key, value=1):
    with stats_lock:
        stats[key] += value


def status_of(data):
    try:
        return int(data.split(b" ", 2)[1])
    except (IndexError, ValueError):
        return 0


def count_status(status):
    with stats_lock:
        stats["statuses"][status] = stats["statuses"].get(status, 0) + 1


def connect(host, port, source, timeout=10):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.bind((source, 0))
    s.connect((host, port))
    return s


def idle(host, port, end, sources, count):
    socks = []
    per_round = 200
    # Open in rounds, as fast as the server accepts, then keep the number up until the end.
    while time.monotonic() < end:
        socks = [s for s in socks if alive(s)]
        missing = count - len(socks)
        for k in range(min(missing, per_round)):
            try:
                socks.append(connect(host, port, sources[(len(socks) + k) % len(sources)], timeout=2))
                bump("opened")
            except OSError:
                bump("refused")
        time.sleep(0.05 if missing > 0 else 0.5)
    stats["held_at_end"] = len(socks)
    for s in socks:
        s.close()


def alive(s):
    # A closed connection reads as b"" at once; an idle open one would block (non-blocking: error).
    try:
        s.setblocking(False)
        data = s.recv(1, socket.MSG_PEEK)
        if data == b"":
            bump("closed_by_server")
            s.close()
            return False
        return True
    except BlockingIOError:
        return True
    except OSError:
        bump("closed_by_server")
        s.close()
        return False
    finally:
        try:
            s.setblocking(True)
        except OSError:
            pass


def reset_worker(host, port, end, source):
    while time.monotonic() < end:
        body = json.dumps({"token": secrets.token_hex(32), "password": "Abuse-bench-123456",
                           "confirmPassword": "Abuse-bench-123456"}).encode()
        head = ("POST /api/reset-password HTTP/1.1\r\nHost: %s:%d\r\nContent-Type: application/json\r\n"
                "Origin: http://%s:%d\r\nContent-Length: %d\r\nConnection: close\r\n\r\n"
                % (host, port, host, port, len(body))).encode()
        try:
            s = connect(host, port, source, timeout=30)
            s.sendall(head + body)
            data = s.recv(64)
            s.close()
            bump("requests")
            count_status(status_of(data))
        except OSError:
            bump("refused")
            time.sleep(0.05)


def upload_worker(host, port, end, source, cookie, size, rate):
    boundary = "abuse" + secrets.token_hex(8)
    head_part = ('--%s\r\nContent-Disposition: form-data; name="image"; filename="big.gif"\r\n'
                 'Content-Type: image/gif\r\n\r\nGIF89a' % boundary).encode()
    tail_part = ("\r\n--%s--\r\n" % boundary).encode()
    filler = size - len(head_part) - len(tail_part)
    chunk = os.urandom(64 * 1024)
    tick = 0.1
    per_tick = max(1, int(rate * tick))
    while time.monotonic() < end:
        head = ("POST /api/upload HTTP/1.1\r\nHost: %s:%d\r\nOrigin: http://%s:%d\r\nCookie: %s\r\n"
                "Content-Type: multipart/form-data; boundary=%s\r\nContent-Length: %d\r\n\r\n"
                % (host, port, host, port, cookie, boundary, size)).encode()
        try:
            s = connect(host, port, source, timeout=30)
            s.sendall(head + head_part)
            sent = 0
            answered = None
            while sent < filler and time.monotonic() < end:
                if select.select([s], [], [], 0)[0]:
                    answered = s.recv(64)  # the server answered (or closed) before the body ended
                    break
                n = min(per_tick, filler - sent)
                s.sendall((chunk * (n // len(chunk) + 1))[:n])
                sent += n
                time.sleep(tick)
            if answered is None and sent >= filler:
                s.sendall(tail_part)
                answered = s.recv(64)
            s.close()
            bump("requests")
            if answered is not None:
                count_status(status_of(answered) if answered else 0)
            else:
                bump("unanswered")  # still sending when the time was up
        except OSError:
            bump("refused")
            time.sleep(0.2)


def report(*_):
    with stats_lock:
        print(json.dumps({"mode": sys.argv[1], **stats}), flush=True)
    os._exit(0)


def main():
    signal.signal(signal.SIGTERM, report)
    mode, host, port, seconds, sources = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), sys.argv[5].split(",")
    end = time.monotonic() + seconds
    threads = []
    if mode == "idle":
        idle(host, port, end, sources, int(sys.argv[6]))
    elif mode == "reset":
        for i in range(int(sys.argv[6])):
            threads.append(threading.Thread(target=reset_worker, args=(host, port, end, sources[i % len(sources)])))
    elif mode == "upload":
        count, cookie, size, rate = int(sys.argv[6]), sys.argv[7], int(sys.argv[8]), int(sys.argv[9])
        for i in range(count):
            threads.append(threading.Thread(target=upload_worker,
                                            args=(host, port, end, sources[i % len(sources)], cookie, size, rate)))
    else:
        sys.exit("unknown mode " + mode)
    for t in threads:
        t.daemon = True
        t.start()
    for t in threads:
        t.join(timeout=max(0.0, end - time.monotonic()) + 35)
    report()


if __name__ == "__main__":
    main()
