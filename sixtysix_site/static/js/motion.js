/* Sixty-Six: motion that shows where each card went.

   Every move loads a new page, so nothing can be animated across it; instead, just before
   the page goes, the places of the cards on the table are written to sessionStorage, and
   the next page moves each card from its old place to its new one (FLIP): a played card
   travels from the hand to the trick, an opponent's card from their seat, drawn cards from
   the stock, the trump exchange swaps the two cards, and a finished trick goes to the seat
   that won it. Each move lasts at most 300 ms, none run under prefers-reduced-motion, and
   input is never blocked. Without this script the pages are the same, only still. */
(function () {
  "use strict";

  var KEY = "sixtysix.table";
  var FRESH_MS = 15000;
  var DURATION = 280;
  var EASE = "cubic-bezier(0.2, 0.7, 0.3, 1)";

  var table = document.querySelector(".table-area");
  if (!table) return;
  /* The same deal: a practice game's page, or any step of one tutorial. */
  var deal = window.location.pathname.replace(/\d+\/?$/, "");
  var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  function relative(rect) {
    var base = table.getBoundingClientRect();
    return { x: rect.left - base.left, y: rect.top - base.top, w: rect.width, h: rect.height };
  }

  function cardRect(card) {
    var art = card.querySelector(".card__art") || card;
    return relative(art.getBoundingClientRect());
  }

  function place(card) {
    if (card.closest(".trick")) return "trick";
    if (card.closest(".stock__turnup")) return "turnup";
    return "hand";
  }

  /* Written when the page goes (a link, a form, the back button). The live practice table
     (practice/live.js) may have put a new table in place of the first one. */
  function snapshot(clicked) {
    table = document.querySelector(".table-area") || table;
    var cards = {};
    table.querySelectorAll(".card[data-card]").forEach(function (card) {
      cards[card.dataset.card] = { rect: cardRect(card), place: place(card), html: card.outerHTML };
    });
    var won = table.querySelector(".trick__card--won");
    var seats = {};
    table.querySelectorAll(".seat[data-seat]").forEach(function (seat) {
      seats[seat.dataset.seat] = relative(seat.getBoundingClientRect());
    });
    var data = {
      at: Date.now(),
      deal: deal,
      cards: cards,
      seats: seats,
      winner: won ? won.dataset.seat : null,
      clicked: clicked || null
    };
    try {
      window.sessionStorage.setItem(KEY, JSON.stringify(data));
    } catch (e) { /* storage full or off: the next page simply does not move */ }
  }

  function read() {
    var data = null;
    try {
      data = JSON.parse(window.sessionStorage.getItem(KEY) || "null");
      window.sessionStorage.removeItem(KEY);
    } catch (e) {
      return null;
    }
    return data && data.deal === deal && Date.now() - data.at < FRESH_MS ? data : null;
  }

  /* Every motion started on this page. A drawn card waits at the stock (its delay) before it
     flies; something that clicks where it sees a card then misses it once it moves, so the
     table says it is moving (data-moving) until every motion has ended. */
  var motions = [];

  /* Move `card` from `from` (a rect relative to the table) to where it now is. */
  function fly(card, from, delay) {
    var to = cardRect(card);
    if (!from || !to.w) return;
    var dx = from.x - to.x;
    var dy = from.y - to.y;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return;
    var scale = from.w && to.w ? from.w / to.w : 1;
    motions.push(card.animate(
      [
        { transform: "translate(" + dx + "px, " + dy + "px) scale(" + scale + ")", transformOrigin: "0 0", zIndex: 4 },
        { transform: "none", transformOrigin: "0 0", zIndex: 4 }
      ],
      { duration: DURATION, delay: delay || 0, easing: EASE, fill: "backwards" }
    ));
  }

  /* A finished trick that has left the table goes to its winner's seat. */
  function sweep(old, gone) {
    var target = old.winner !== null && (table.querySelector('.seat[data-seat="' + old.winner + '"]'));
    if (!target || !gone.length) return;
    var seat = relative(target.getBoundingClientRect());
    var layer = document.createElement("div");
    layer.className = "motion-layer";
    layer.setAttribute("aria-hidden", "true");
    table.appendChild(layer);
    var running = gone.length;
    gone.forEach(function (entry) {
      layer.insertAdjacentHTML("beforeend", entry.html);
      var ghost = layer.lastElementChild;
      ghost.removeAttribute("role");
      ghost.removeAttribute("aria-label");
      ghost.style.left = entry.rect.x + "px";
      ghost.style.top = entry.rect.y + "px";
      var dx = seat.x + seat.w / 2 - (entry.rect.x + entry.rect.w / 2);
      var dy = seat.y + seat.h / 2 - (entry.rect.y + entry.rect.h / 2);
      var motion = ghost.animate(
        [
          { transform: "none", opacity: 1 },
          { transform: "translate(" + dx + "px, " + dy + "px) scale(0.5)", opacity: 0 }
        ],
        { duration: DURATION, easing: "ease-in", fill: "forwards" }
      );
      motions.push(motion);
      motion.onfinish = motion.oncancel = function () {
        running -= 1;
        if (!running) layer.remove();
      };
    });
  }

  function replay(old) {
    var now = {};
    table.querySelectorAll(".card[data-card]").forEach(function (card) {
      now[card.dataset.card] = card;
    });
    var stock = table.querySelector(".stock__pile .card");
    var stockRect = stock ? cardRect(stock) : null;
    var drawn = 0;
    Object.keys(now).forEach(function (code) {
      var card = now[code];
      var before = old.cards[code];
      var where = place(card);
      if (before && before.place !== where) {
        fly(card, before.rect, 0);  /* played, exchanged, or the turn-up taken */
      } else if (!before && where === "trick") {
        var li = card.closest("[data-seat]");
        var seat = li && old.seats[li.dataset.seat];
        fly(card, seat ? { x: seat.x + seat.w / 2 - 16, y: seat.y + 8, w: 32, h: 45 } : null, 0);
      } else if (!before && where === "hand" && card.closest(".hand--you")) {
        fly(card, stockRect, 120 + 60 * drawn);  /* drawn from the stock after the trick */
        drawn += 1;
      }
    });
    var gone = Object.keys(old.cards)
      .filter(function (code) { return old.cards[code].place === "trick" && !now[code]; })
      .map(function (code) { return old.cards[code]; });
    sweep(old, gone);
  }

  /* After a move the feedback (and the hand above it) are brought into view. */
  function showFeedback(old) {
    if (!old || !old.clicked) return;
    var target = document.querySelector(".feedback:not(:empty)") ||
      document.querySelector(".seat--you") || table;
    target.scrollIntoView({ block: "nearest", behavior: "auto" });
  }

  var old = read();
  if (old && !still) {
    try { replay(old); } catch (e) { /* motion is decoration; never let it break the page */ }
  }
  if (motions.length && window.Promise) {
    table.dataset.moving = "true";
    Promise.all(motions.map(function (motion) {
      return motion.finished && motion.finished.catch(function () { /* cancelled: ended too */ });
    })).then(function () { delete table.dataset.moving; });
  }
  showFeedback(old);

  var clicked = null;
  document.addEventListener("click", function (event) {
    var control = event.target.closest && event.target.closest("a, button");
    if (control && (control.dataset.move || control.name === "move" || control.name === "try")) {
      clicked = control.dataset.move || control.value;
    }
  }, true);
  window.addEventListener("pagehide", function () { snapshot(clicked); });
})();
