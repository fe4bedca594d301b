/* Sixty-Six practice: the live table.

   A move (a card, a button, a confirmation, a hint or "keep playing" link) is sent with
   fetch; the server answers with the events since the move (each seat's card, the trick
   gathered to its winner, a marriage or an exchange shown, the draws) and the table it
   would render. The events are played on the table one at a time (about 400 ms each;
   html[data-speed] = normal | fast | off, set by prefs.js; nothing travels when it is off or
   under prefers-reduced-motion), then
   the server's table replaces the old one. The server judges every move and holds every
   hidden card: this script only shows what the answer says. Without it the forms post
   and the page reloads, exactly as before. */
(function () {
  "use strict";

  var root = document.querySelector(".practice[data-live-url]");
  if (!root || !window.fetch || !window.Promise) return;
  var url = root.dataset.liveUrl;
  var busy = false;
  /* "off" (the settings' "No motion", the default under reduced motion): nothing travels,
     the cards still appear one at a time, quicker. */
  var STEPS = { normal: 400, fast: 150, off: 250 };
  /* The settings may turn off the question before a claim or a close (prefs.js). */
  var ASK = { declare: "confirmClaim", close: "confirmClose" };

  function speed() {
    var s = STEPS[document.documentElement.dataset.speed || "normal"];
    return s === undefined ? STEPS.normal : s;
  }
  function still() {
    return document.documentElement.dataset.speed === "off" || (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  }
  function wait(ms) {
    return new Promise(function (done) { window.setTimeout(done, ms); });
  }
  function sound(name) {
    var s = window.SixtySix && window.SixtySix.sound;
    if (s && typeof s.play === "function") {
      try { s.play(name); } catch (e) { /* sound is decoration */ }
    }
  }
  function $(selector, within) { return (within || root).querySelector(selector); }

  /* Move `el` from the rect `from` to where it stands now (nothing under reduced motion). */
  function travel(el, from, fade) {
    if (!from || still() || !el.animate) return null;
    var to = el.getBoundingClientRect();
    var dx = from.left + from.width / 2 - (to.left + to.width / 2);
    var dy = from.top + from.height / 2 - (to.top + to.height / 2);
    var frames = [
      { transform: "translate(" + dx + "px," + dy + "px) scale(0.6)", opacity: fade ? 0 : 1 },
      { transform: "none", opacity: 1 }
    ];
    return el.animate(frames, { duration: Math.max(120, speed() * 0.7), easing: "ease-out" });
  }

  function seatOf(seat) { return $('.seat[data-seat="' + seat + '"]'); }
  function seatName(seat) {
    var name = seatOf(seat) && seatOf(seat).querySelector(".seat__name");
    return name ? name.firstChild.textContent.trim() : "";
  }
  function fragment(html) {
    var t = document.createElement("template");
    t.innerHTML = html;
    return t.content;
  }

  function trickList() {
    var trick = $(".trick");
    var list = trick.querySelector(".trick__cards:not(.trick__cards--done)");
    if (!list) {
      trick.textContent = "";
      list = document.createElement("ul");
      list.className = "trick__cards";
      trick.appendChild(list);
    }
    return list;
  }

  function play(e) {
    var li = document.createElement("li");
    li.className = "trick__card" + (e.seat === 0 ? " trick__card--you" : "") + " just-played";
    li.dataset.seat = e.seat;
    li.appendChild(fragment(e.face));
    var label = document.createElement("span");
    label.className = "trick__player";
    label.textContent = seatName(e.seat);
    li.appendChild(label);
    var from = null;
    var seat = seatOf(e.seat);
    var own = e.seat === 0 && $('.hand--you [value="play-' + e.card + '"], .hand--you [data-card="' + e.card + '"]');
    var back = seat && seat.querySelector(".hand--other .card--back");
    if (own) {
      from = own.getBoundingClientRect();
      own.remove();
    } else if (back) {
      from = back.getBoundingClientRect();
      back.remove();
    } else if (seat) {
      from = seat.getBoundingClientRect();
    }
    trickList().appendChild(li);
    travel(li, from, false);
    sound("card");
    return wait(speed());
  }

  function gather(e) {
    var list = trickList();
    var seat = seatOf(e.seat);
    return wait(speed()).then(function () {
      sound("trick");
      var to = seat && seat.getBoundingClientRect();
      var moves = [];
      if (to && !still()) {
        Array.prototype.forEach.call(list.children, function (li) {
          var at = li.getBoundingClientRect();
          var dx = to.left + to.width / 2 - (at.left + at.width / 2);
          var dy = to.top + to.height / 2 - (at.top + at.height / 2);
          moves.push(li.animate(
            [{ transform: "none", opacity: 1 }, { transform: "translate(" + dx + "px," + dy + "px) scale(0.4)", opacity: 0 }],
            { duration: Math.max(120, speed() * 0.8), easing: "ease-in", fill: "forwards" }
          ).finished.catch(function () {}));
        });
      }
      return Promise.all(moves);
    }).then(function () { list.remove(); });
  }

  /* A marriage or an exchange: the cards shown beside the seat until the table is redrawn. */
  function show(e, cards) {
    var seat = seatOf(e.seat);
    if (!seat || !cards.length) return wait(speed());
    var box = document.createElement("div");
    box.className = "live-shown";
    box.setAttribute("aria-hidden", "true");
    cards.forEach(function (c) { if (c) box.appendChild(fragment(c.face)); });
    seat.appendChild(box);
    travel(box, seat.getBoundingClientRect(), true);
    return wait(speed() * 2);
  }

  function exchange(e) {
    var turnup = $(".stock__turnup .card");
    if (turnup && e.given) turnup.replaceWith(fragment(e.given.face));
    return show(e, [e.taken, e.given]);
  }

  function draw(e) {
    var pile = $(".stock__pile .card");
    var from = pile && pile.getBoundingClientRect();
    (e.seats || []).forEach(function (s) {
      var hand = s === 0 ? $(".hand--you") : seatOf(s) && seatOf(s).querySelector(".hand--other");
      var card = s === 0 && e.you ? fragment(e.you.face).firstChild : pile && pile.cloneNode(true);
      if (!hand || !card) return;
      card.setAttribute("aria-hidden", "true");
      hand.appendChild(card);
      travel(card, from, false);
    });
    return wait(speed() / 2);
  }

  function say(e) {
    var news = $(".practice-news");
    if (e.text && news) {
      var p = document.createElement("p");
      p.className = "live-said";
      p.appendChild(fragment(e.text));
      news.appendChild(p);
    }
    return wait(speed());
  }

  function playEvent(e) {
    if (e.type === "play") return play(e);
    if (e.type === "trick") return gather(e);
    if (e.type === "meld") return show(e, e.cards || []).then(function () { return say(e); });
    if (e.type === "exchange") return exchange(e);
    if (e.type === "draw") return draw(e);
    if (e.type === "end") { sound("deal-end"); return wait(0); }
    return e.seat === 0 ? wait(0) : say(e);
  }

  /* The server's table in place of the old one; the status region keeps its node, so a
     screen reader hears what changed. */
  function swap(html) {
    var next = fragment(html);
    [".step-bar", ".table-area", ".narration"].forEach(function (sel) {
      var a = $(sel), b = next.querySelector(sel);
      if (a && b) a.replaceWith(b);
    });
    var news = $(".practice-news"), fresh = next.querySelector(".practice-news");
    if (news && fresh) {
      news.innerHTML = fresh.innerHTML;
      while (news.nextElementSibling) news.nextElementSibling.remove();
      while (fresh.nextElementSibling) news.parentNode.appendChild(fresh.nextElementSibling);
    }
    /* a reload shows this game (the cookie's), not the deal the address once opened */
    if (window.location.search && window.history.replaceState) {
      window.history.replaceState(null, "", url + "#table");
    }
    var target = $(".hand--you .card-button:not([aria-disabled])") ||
      $(".practice-confirm button, .practice-confirm a") || $(".your-move button:not([disabled])") ||
      $('[data-shortcut="n"]') || $("#table");
    if (target) target.focus({ preventScroll: true });
    var you = $(".seat--you");
    if (you && you.scrollIntoView) you.scrollIntoView({ block: "nearest" });
  }

  function note(text) {
    var news = $(".practice-news");
    if (!news) return;
    var p = document.createElement("p");
    p.className = "feedback practice-note";
    p.textContent = text;
    news.appendChild(p);
  }

  function send(target, options, fallback) {
    busy = true;
    var area = $(".table-area");
    if (area) area.dataset.moving = "true";
    /* the marks were for the move just made: the hand waits, undimmed, for the answer */
    root.querySelectorAll(".card-button--refused").forEach(function (b) { b.classList.remove("card-button--refused"); });
    root.querySelectorAll(".card-why").forEach(function (why) { why.remove(); });
    root.setAttribute("aria-busy", "true");
    options.headers = { Accept: "application/json" };
    options.credentials = "same-origin";
    return window.fetch(target, options).then(function (response) {
      var type = response.headers.get("Content-Type") || "";
      if (type.indexOf("application/json") !== 0) throw new Error("not live");
      return response.json();
    }).then(function (data) {
      if (!data.html) {
        note(data.note || "");
        return null;
      }
      var chain = Promise.resolve();
      (data.events || []).forEach(function (e) {
        chain = chain.then(function () { return playEvent(e); });
      });
      return chain.then(function () { swap(data.html); });
    }).catch(function () {
      fallback();
    }).then(function () {
      busy = false;
      root.removeAttribute("aria-busy");
      var now = $(".table-area");
      if (now) delete now.dataset.moving;
    });
  }

  function refused(button) {
    root.querySelectorAll(".card-button--why").forEach(function (b) { b.classList.remove("card-button--why"); });
    button.classList.add("card-button--why");
  }

  root.addEventListener("click", function (event) {
    var card = event.target.closest(".card-button[aria-disabled=true]");
    if (card) {
      event.preventDefault();
      refused(card);
      return;
    }
    var link = event.target.closest("a[href]");
    if (!link || event.defaultPrevented || event.button || event.metaKey || event.ctrlKey || event.shiftKey) return;
    var to = new URL(link.href, window.location.href);
    if (to.origin !== window.location.origin || to.pathname !== url) return;
    event.preventDefault();
    if (busy) return;
    send(to.pathname + to.search, { method: "GET" }, function () { window.location.href = link.href; });
  });

  root.addEventListener("submit", function (event) {
    var form = event.target;
    var button = event.submitter;
    if (form.dataset.plain) return;
    event.preventDefault();
    if (busy) return;
    var data = new FormData(form);
    if (button && button.name) data.append(button.name, button.value);
    var ask = button && ASK[button.value];
    if (ask && document.documentElement.dataset[ask] === "off" && !data.has("confirm")) data.append("confirm", "1");
    send(url, { method: "POST", body: data }, function () {
      form.dataset.plain = "1";  /* the network failed or the answer was a page: post it */
      form.requestSubmit(button || undefined);
    });
  });

  /* Keys 1-9 and letters press the element with that data-shortcut, unless the site's
     keys.js does it already. */
  if (!document.querySelector('script[src*="keys.js"]')) {
    document.addEventListener("keydown", function (event) {
      if (event.ctrlKey || event.metaKey || event.altKey || busy) return;
      if (event.target.closest && event.target.closest("input, textarea, select, [contenteditable]")) return;
      var key = event.key && event.key.length === 1 ? event.key.toLowerCase() : "";
      var el = key && root.querySelector('[data-shortcut="' + key + '"]:not([disabled])');
      if (!el) return;
      event.preventDefault();
      el.click();
    });
  }
})();
