/* Sixty-Six tutorials: keyboard stepping, "your move" checks and progress in the browser.
   Everything works without this script: steps are links and moves are ?try= links. */
(function () {
  "use strict";

  var STORE = "sixtysix.tutorial.";

  function seen(slug) {
    try {
      return JSON.parse(window.localStorage.getItem(STORE + slug) || "[]");
    } catch (e) {
      return [];
    }
  }

  function remember(slug, step) {
    var steps = seen(slug);
    if (steps.indexOf(step) === -1) {
      steps.push(step);
      try {
        window.localStorage.setItem(STORE + slug, JSON.stringify(steps));
      } catch (e) { /* private mode: progress is simply not kept */ }
    }
  }

  function template(id) {
    var node = document.getElementById(id);
    return node ? node.innerHTML.trim() : "";
  }

  /* The tutorial index: "seen: 3 of 12" next to each tutorial. */
  function showProgress() {
    var text = template("progress-text");
    document.querySelectorAll("[data-tutorial]").forEach(function (item) {
      var count = seen(item.dataset.tutorial).length;
      var label = item.querySelector(".progress");
      if (count && label) {
        label.textContent = " · " + text.replace("%(seen)s", count).replace("%(total)s", item.dataset.steps);
        label.hidden = false;
      }
    });
  }

  function stepPage(root) {
    var slug = root.dataset.slug;
    var step = parseInt(root.dataset.step, 10);
    remember(slug, step);

    document.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      var target = event.target;
      if (target && /^(INPUT|TEXTAREA|SELECT|BUTTON)$/.test(target.tagName)) return;
      var link = root.querySelector('.step-nav a[data-key="' + event.key + '"]');
      if (link) {
        event.preventDefault();
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
          reset.disabled = true;
        }
      });
    }

    var feedback = document.getElementById("feedback");
    var token = null;
    var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

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
        check(control.dataset.move);
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

    function check(key) {
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
        .then(function (answer) {
          feedback.className = "feedback feedback--" +
            (answer.correct ? "correct" : (answer.legal ? "wrong" : "illegal"));
          feedback.innerHTML = answer.message;  /* escaped and built on the server */
          if (answer.correct) {
            var next = root.querySelector('.step-nav a[rel="next"]');
            if (next) {
              var link = document.createElement("a");
              link.href = next.href;
              link.textContent = next.textContent.replace("→", "").trim();
              feedback.appendChild(document.createTextNode(" "));
              feedback.appendChild(link);
              link.focus({ preventScroll: true });
            }
          }
          reveal();
        })
        .catch(function () {
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
