/* A table in real time: the server's view of this seat arrives over a WebSocket (or, when
   that fails, by polling state.json) and replaces the table; the page's forms are sent as
   messages while the socket is open, and posted as plain forms otherwise. */
(function () {
  "use strict";
  var root = document.getElementById("table");
  if (!root || !window.WebSocket || !window.fetch) return;
  var seq = 0, socket = null, open = false, poller = null, retry = 1000, version = null;
  var offset = 0;

  function live() { return document.getElementById("live"); }

  function csrf() {
    var input = document.querySelector("#tables-csrf input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function readVersion() {
    var box = live();
    version = box ? parseInt(box.getAttribute("data-version"), 10) : null;
    if (box && box.getAttribute("data-now")) {
      offset = parseFloat(box.getAttribute("data-now")) - Date.now() / 1000;
    }
  }

  function show(message) {
    var box = live();
    if (!box) return;
    // the server keeps the seat's last message number: a reloaded page or a second device
    // goes on from it (starting again from 1 would have its moves refused as replays)
    if (typeof message.seq === "number" && message.seq > seq) seq = message.seq;
    if (message.version === version && !message.message) return;
    var holder = document.createElement("div");
    holder.innerHTML = message.html;
    var fresh = holder.querySelector("#live");
    if (!fresh) return;
    box.parentNode.replaceChild(fresh, box);
    readVersion();
    if (message.now) offset = message.now - Date.now() / 1000;
    countdown();
  }

  function say(text) {
    var box = live();
    if (!box) return;
    var note = box.querySelector(".tables-note");
    if (!note) {
      note = document.createElement("div");
      note.className = "feedback feedback--illegal tables-note";
      note.setAttribute("role", "alert");
      box.insertBefore(note, box.firstChild);
    }
    note.textContent = text;
  }

  // "n seconds left" for every n, in the page's language and its plural forms (the server's)
  var secondsLeft = JSON.parse(root.getAttribute("data-countdown") || "[]");

  function countdown() {
    if (!secondsLeft.length) return;
    var now = Date.now() / 1000 + offset;
    var items = document.querySelectorAll(".tables-countdown[data-deadline]");
    for (var i = 0; i < items.length; i++) {
      var left = Math.max(0, Math.round(parseFloat(items[i].getAttribute("data-deadline")) - now));
      items[i].textContent = secondsLeft[Math.min(left, secondsLeft.length - 1)];
    }
  }

  function poll() {
    fetch(root.getAttribute("data-state"), { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (m) { if (m && m.type === "state") show(m); })
      .catch(function () {});
  }

  function startPolling() {
    if (!poller) poller = window.setInterval(poll, 2000);
  }

  function stopPolling() {
    if (poller) { window.clearInterval(poller); poller = null; }
  }

  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/ws/tables/" + root.getAttribute("data-ws") + "/");
    socket.onopen = function () { open = true; retry = 1000; stopPolling(); };
    socket.onmessage = function (event) {
      var message = JSON.parse(event.data);
      if (message.type === "state") show(message);
      else if (message.type === "confirm") {
        if (window.confirm(message.question)) send(message.request, true);
      } else if (message.type === "error") say(message.message);
    };
    socket.onclose = function (event) {
      open = false;
      if (event.code === 4403 || event.code === 4404) return;  // not this seat's table
      say(root.getAttribute("data-offline") || "");
      startPolling();
      window.setTimeout(connect, retry);
      retry = Math.min(retry * 2, 15000);
    };
  }

  function send(request, confirmed) {
    seq += 1;
    var message = { seq: seq, type: request.type, at: version };
    if (request.key) message.key = request.key;
    if (request.greeting) message.greeting = request.greeting;
    if (confirmed) message.confirm = true;
    socket.send(JSON.stringify(message));
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!live() || !live().contains(form)) return;
    var data = new FormData(form);
    var button = event.submitter;
    if (button && button.name) data.set(button.name, button.value);
    if (!form.querySelector("input[name=csrfmiddlewaretoken]")) {
      var token = document.createElement("input");
      token.type = "hidden";
      token.name = "csrfmiddlewaretoken";
      token.value = csrf();
      form.appendChild(token);
    }
    var kind = data.get("do") || "move";
    if (!open || kind === "handoff") return;  // a plain post: the page comes back
    event.preventDefault();
    send({ type: kind, key: data.get("move"), greeting: data.get("greeting") }, false);
  });

  readVersion();
  countdown();
  window.setInterval(countdown, 1000);
  connect();
})();
