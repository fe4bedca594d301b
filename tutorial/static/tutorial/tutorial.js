/* Sixty-Six lessons: keyboard stepping, "your move" checks that play the card and move on,
   and stars kept in the browser. Everything works without this script: steps are links,
   moves are ?try= links whose answer links to the next step; progress is then not kept. */
(function () {
  "use strict";

  var STORE = "sixtysix.lesson.";
  var PAUSE_MS = 900;  /* a correct move stays in view this long before the lesson moves on */
  var FLY_MS = 280;

  /* One lesson's record: the first answer at each asking step ("right", "wrong", "skip"),
     whether the last step was reached, and the best stars earned so far. */
  function load(slug) {
    var record = null;
    try {
      record = JSON.parse(window.localStorage.getItem(STORE + slug) || "null");
    } catch (e) {
      record = null;
    }
    if (!record || typeof record !== "object") record = {};
    if (!record.answers || typeof record.answers !== "object") record.answers = {};
    record.best = record.best || 0;
    return record;
  }

  function save(slug, record) {
    try {
      window.localStorage.setItem(STORE + slug, JSON.stringify(record));
    } catch (e) { /* private mode: progress is simply not kept */ }
  }

  /* 3 = every move right the first time, 2 = at least two thirds, 1 = finished. */
  function stars(record, asks) {
    if (!record.done) return 0;
    var right = asks.filter(function (n) { return record.answers[n] === "right"; }).length;
    if (right === asks.length) return 3;
    if (3 * right >= 2 * asks.length) return 2;
    return 1;
  }

  function template(id) {
    var node = document.getElementById(id);
    return node ? node.innerHTML.trim() : "";
  }

  function showStars(node, count) {
    var text = template("stars-text").replace("%(stars)s", count);
    node.textContent = "";
    var shown = document.createElement("span");
    shown.className = "stars";
    shown.setAttribute("aria-hidden", "true");
    shown.textContent = "★★★".slice(0, count) + "☆☆☆".slice(0, 3 - count);
    var said = document.createElement("span");
    said.className = "visually-hidden";
    said.textContent = text;
    node.appendChild(shown);
    node.appendChild(document.createTextNode(" "));
    node.appendChild(said);
    node.dataset.stars = String(count);
    node.hidden = false;
  }

  /* The course map: each lesson's stars, or how far the reader has got. */
  function showProgress() {
    document.querySelectorAll("[data-tutorial]").forEach(function (item) {
      var record = load(item.dataset.tutorial);
      var label = item.querySelector(".progress");
      if (!label) return;
      if (record.best) {
        label.textContent = " · ";
        var holder = document.createElement("span");
        label.appendChild(holder);
        showStars(holder, record.best);
        label.dataset.stars = String(record.best);
        label.hidden = false;
        return;
      }
      var answered = Object.keys(record.answers).length;
      if (answered) {
        label.textContent = " · " + template("started-text")
          .replace("%(answered)s", answered).replace("%(total)s", item.dataset.moves);
        label.hidden = false;
      }
    });
  }

  function stepPage(root) {
    var slug = root.dataset.slug;
    var step = parseInt(root.dataset.step, 10);
    var total = parseInt(root.dataset.total, 10);
    var asks = (root.dataset.asks || "").split(",").filter(Boolean).map(function (n) {
      return parseInt(n, 10);
    });
    var record = load(slug);
    if (step === 1 && record.done) {
      /* A new run through a finished lesson: new answers, the best stars stay. */
      record = { answers: {}, best: record.best };
      save(slug, record);
    }
    var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

    if (step === total) {
      record.done = true;
      record.best = Math.max(record.best || 0, stars(record, asks));
      save(slug, record);
      var earned = root.querySelector(".lesson-stars");
      if (earned) showStars(earned, stars(record, asks));
    }

    function answer(kind) {
      if (record.answers[step] === undefined) {
        record.answers[step] = kind;
        save(slug, record);
      }
    }

    var next = root.querySelector('.step-nav a[rel="next"]');
    if (next && next.dataset.skip) {
      next.addEventListener("click", function () { answer("skip"); });
    }

    document.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      var target = event.target;
      if (target && /^(INPUT|TEXTAREA|SELECT|BUTTON)$/.test(target.tagName)) return;
      var link = root.querySelector('.step-nav a[data-key="' + event.key + '"]');
      if (link) {
        event.preventDefault();
        if (link.dataset.skip) answer("skip");
        window.location.href = link.href;
      }
    });

    var help = root.querySelector(".keyboard-help");
    if (help) help.hidden = false;  /* the keys work only with this script */

    var reset = root.querySelector(".reset-progress");
    if (reset) {
      reset.hidden = false;
      reset.addEventListener("click", function () {
        if (window.confirm(template("confirm-reset"))) {
          window.localStorage.removeItem(STORE + slug);
          record = load(slug);
          reset.disabled = true;
        }
      });
    }

    var feedback = document.getElementById("feedback");
    var token = null;
    var busy = false;

    /* The answer sits just below the hand; bring it (and so the hand) into view. */
    function reveal() {
      feedback.scrollIntoView({ block: "nearest", behavior: still ? "auto" : "smooth" });
    }

    function withToken() {
      if (token) return Promise.resolve(token);
      return fetch(root.dataset.tokenUrl, { credentials: "same-origin" })
        .then(function (response) { return response.json(); })
        .then(function (data) { token = data.token; return token; });
    }
    root.querySelectorAll("[data-move]").forEach(function (control) {
      control.addEventListener("click", function (event) {
        event.preventDefault();
        if (!busy) check(control.dataset.move, control);
      });
    });

    function moveFromKey(key) {
      var dash = key.indexOf("-");
      var type = dash === -1 ? key : key.slice(0, dash);
      var arg = dash === -1 ? null : key.slice(dash + 1);
      var move = { type: type };
      if (type === "play") move.card = arg;
      else if (type === "meld" || type === "trump") move.suit = arg;
      else if (type === "bid") move.value = parseInt(arg, 10);
      return move;
    }

    /* The played card travels from the hand to the middle of the table and stays there. */
    function playIntoTrick(control) {
      var card = control.querySelector(".card") || control;
      var trick = root.querySelector(".trick");
      control.classList.add("card-choice--played");
      if (!trick || control.dataset.move.indexOf("play-") !== 0) return;
      var from = card.getBoundingClientRect();
      var to = trick.getBoundingClientRect();
      var dx = to.left + to.width / 2 - (from.left + from.width / 2);
      var dy = to.top + to.height / 2 - (from.top + from.height / 2);
      var end = "translate(" + dx + "px, " + dy + "px)";
      if (still || !card.animate) {
        card.style.transform = end;
        return;
      }
      card.animate([{ transform: "none" }, { transform: end }],
        { duration: FLY_MS, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)", fill: "forwards" });
    }

    function moveOn(control) {
      busy = true;
      root.dataset.advancing = "true";
      playIntoTrick(control);
      if (next) {
        next.textContent = template("next-text") + " →";
        delete next.dataset.skip;
        var link = document.createElement("a");
        link.href = next.href;
        link.className = "feedback__next";
        link.textContent = template("next-text");
        feedback.appendChild(document.createTextNode(" "));
        feedback.appendChild(link);
        window.setTimeout(function () { window.location.href = next.href; }, PAUSE_MS);
      }
    }

    function check(key, control) {
      busy = true;  /* one check at a time: a second click must not answer (and move on) twice */
      feedback.className = "feedback";
      feedback.textContent = template("checking");
      reveal();
      withToken()
        .then(function (csrf) {
          return fetch(root.dataset.checkUrl, {
            method: "POST",
            credentials: "same-origin",
            headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
            body: JSON.stringify(moveFromKey(key))
          });
        })
        .then(function (response) { return response.json(); })
        .then(function (verdict) {
          feedback.className = "feedback feedback--" +
            (verdict.correct ? "correct" : (verdict.legal ? "wrong" : "illegal"));
          feedback.innerHTML = verdict.message;  /* escaped and built on the server */
          /* A move as good as the lesson's ("also_good") is no wrong first answer. */
          if (verdict.code !== "also_good") answer(verdict.correct ? "right" : "wrong");
          if (verdict.correct) moveOn(control);
          else busy = false;
          reveal();
        })
        .catch(function () {
          busy = false;
          feedback.className = "feedback feedback--illegal";
          feedback.textContent = template("check-failed");
          reveal();
        });
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    showProgress();
    var root = document.getElementById("tutorial");
    if (root) {
      stepPage(root);
      root.dataset.ready = "true";  /* lets browser tests wait for the key handlers */
    }
  });
})();
