// Training pages, from what this browser keeps (localStorage "sixtysix.training"): the
// dashboard's success rate per theme and the puzzles from your own games; the review page
// adds each blunder of a finished deal to those puzzles; the streak page starts a streak.
// Without JavaScript the pages still say what they hold and link on.
(function () {
  "use strict";
  const kept = window.SixtySix.kept; // js/kept.js, loaded before this script

  // The review page: each blunder with a position to try again becomes a puzzle of yours.
  const blunders = document.querySelectorAll("[data-own-puzzle]");
  if (blunders.length) {
    const data = kept.load();
    const mine = data.mine || [];
    const known = new Set(mine.map(function (p) {
      return p.url;
    }));
    blunders.forEach(function (step) {
      if (known.has(step.dataset.ownPuzzle)) return;
      mine.push({ url: step.dataset.ownPuzzle, title: step.dataset.ownTitle || "", t: Date.now() });
    });
    data.mine = mine.slice(-50);
    kept.save(data);
  }

  // The dashboard: the rating, the success rate per theme, your own puzzles.
  const table = document.getElementById("dashboard");
  if (table) {
    const data = kept.load();
    const rating = document.getElementById("dashboard-rating");
    if (data.rating && rating) rating.textContent = kept.fill(rating.dataset.ratingText, { rating: data.rating });
    const counts = {};
    Object.values(data.history || {}).forEach(function (attempt) {
      (attempt.th || []).forEach(function (theme) {
        counts[theme] = counts[theme] || { tried: 0, solved: 0 };
        counts[theme].tried += 1;
        counts[theme].solved += attempt.s ? 1 : 0;
      });
    });
    table.querySelectorAll("tr[data-theme]").forEach(function (row) {
      const c = counts[row.dataset.theme];
      if (!c) return;
      const rate = Math.round((100 * c.solved) / c.tried);
      row.querySelector(".dashboard__rate").textContent = kept.fill(table.dataset.rateText, {
        solved: c.solved,
        tried: c.tried,
        rate: rate,
      });
    });
    const list = document.getElementById("own-list");
    const mine = data.mine || [];
    if (list && mine.length) {
      document.getElementById("own-empty").hidden = true;
      mine.slice().reverse().forEach(function (puzzle) {
        const item = document.createElement("li");
        const a = document.createElement("a");
        a.href = puzzle.url;
        a.textContent = puzzle.title || list.dataset.tryText;
        item.appendChild(a);
        list.appendChild(item);
      });
    }
  }

  // The streak page: a new streak, then the easiest puzzle.
  const start = document.querySelector("[data-streak-start]");
  if (start) {
    const best = document.getElementById("streak-best");
    const data = kept.load();
    if (best && data.bestStreak) {
      best.textContent = kept.fill(best.dataset.bestText, { n: data.bestStreak });
      best.hidden = false;
    }
    const last = JSON.parse(window.sessionStorage.getItem(kept.key + ".streak") || "null");
    if (last && last.count > (data.bestStreak || 0)) {
      data.bestStreak = last.count;
      kept.save(data);
    }
    start.addEventListener("click", function () {
      window.sessionStorage.setItem(kept.key + ".streak", JSON.stringify({ count: 0, seen: [], skipped: false }));
    });
  }
})();
