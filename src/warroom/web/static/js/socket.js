// The WebSocket half of the table protocol (docs/protocol.md). Game-agnostic.
//
// One TableSocket per page. It says `hello` on every (re)connection, so after a
// server restart or a dropped network the page gets its full view and log again;
// it keeps the table version of the latest state so actions carry it, and it
// keeps the log, which the server sends incrementally (`log_from` + new entries).
//
// Real-time tables (their states carry `clock_ms`): several actions may be in flight at once
// (`inFlight`, answered in any order by `reply_to`), the server's pings are answered at once so
// it can measure the round trip, and `gameTime()` follows the table's clock between states.

const PING_MS = 20000;
const RETRY_MS = [500, 1000, 2000, 4000, 8000];

export class TableSocket {
  /**
   * @param {string} table table id
   * @param {string|null} token seat token, or null to spectate
   * @param {{onState?: Function, onError?: Function, onStatus?: Function, onSeat?: Function}} handlers
   */
  constructor(table, token, handlers = {}) {
    this.table = table;
    this.token = token;
    this.handlers = handlers;
    this.version = null;
    this.log = [];
    this.status = "connecting";
    this.ws = null;
    this.retries = 0;
    this.nextId = 1;
    this.pending = null; // id of the latest action waiting for its answer
    this.inFlight = new Set(); // ids of every action waiting for its answer (real time: several)
    this.clock = null; // {ms, at}: the table's game time in the latest state, and when it came
    this.closed = false;
    this.pingTimer = null;
    this.retryTimer = null;
  }

  connect() {
    this.closed = false;
    this.setStatus(this.retries ? "reconnecting" : "connecting");
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}/ws/tables/${encodeURIComponent(this.table)}`);
    this.ws = ws;
    ws.addEventListener("open", () => {
      const hello = { type: "hello" };
      if (this.token) hello.token = this.token;
      else if (this.spectate) hello.spectate = true; // else the server seats this browser's player
      ws.send(JSON.stringify(hello));
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), PING_MS);
    });
    ws.addEventListener("message", (event) => this.receive(event.data));
    ws.addEventListener("close", () => this.dropped(ws));
    ws.addEventListener("error", () => {
      // "close" follows "error"; reconnecting happens there
    });
  }

  dropped(ws) {
    if (ws !== this.ws) return;
    clearInterval(this.pingTimer);
    this.ws = null;
    this.pending = null;
    this.inFlight.clear();
    if (this.closed) {
      this.setStatus("closed");
      return;
    }
    const delay = RETRY_MS[Math.min(this.retries, RETRY_MS.length - 1)];
    this.retries += 1;
    this.setStatus("reconnecting");
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /** Stop for good (page leaving, or the game no longer needs a live connection). */
  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    if (this.ws) this.ws.close();
  }

  /** Reconnect at once (the "retry now" button). */
  retryNow() {
    if (this.ws) return;
    clearTimeout(this.retryTimer);
    this.connect();
  }

  setStatus(status) {
    if (status === this.status) return;
    this.status = status;
    this.handlers.onStatus?.(status);
  }

  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** Send an action against the latest version; returns its id, or null when offline. */
  act(action) {
    if (this.version === null) return null;
    const id = `a${this.nextId++}`;
    if (!this.send({ type: "action", action, version: this.version, id })) return null;
    this.pending = id;
    this.inFlight.add(id);
    return id;
  }

  /** Real-time tables: the table's game time now (ms), estimated from the latest state; else null. */
  gameTime() {
    if (!this.clock) return null;
    return this.clock.ms + Math.max(0, performance.now() - this.clock.at);
  }

  receive(raw) {
    let message;
    try {
      message = JSON.parse(raw);
    } catch {
      this.handlers.onError?.({ reason: "the server sent something that is not JSON" });
      return;
    }
    if (message.type === "state") {
      this.retries = 0;
      this.setStatus("connected");
      this.version = message.version;
      this.clock = Number.isInteger(message.clock_ms) ? { ms: message.clock_ms, at: performance.now() } : null;
      // log_from says where the new entries start; anything we held beyond it is replaced
      const from = Number.isInteger(message.log_from) ? message.log_from : this.log.length;
      this.log.length = Math.min(this.log.length, from);
      this.log.push(...(message.log || []));
      if (message.reply_to && message.reply_to === this.pending) this.pending = null;
      if (message.reply_to) this.inFlight.delete(message.reply_to);
      this.handlers.onState?.(message, this.log);
    } else if (message.type === "error") {
      if (!message.reply_to || message.reply_to === this.pending) this.pending = null;
      if (message.reply_to) this.inFlight.delete(message.reply_to);
      else this.inFlight.clear();
      this.handlers.onError?.(message);
    } else if (message.type === "seat") {
      // our invite link has just claimed the seat and spent itself: the seat's own token from now on
      this.token = message.token;
      this.handlers.onSeat?.(message);
    } else if (message.type === "ping") {
      // the server measures the round trip (real-time tables): answer at once
      this.send({ type: "pong", id: message.id });
    }
    // pong: nothing to do, it only keeps proxies from closing an idle connection
  }
}
