// Rated puzzles, kept in this browser (localStorage "sixtysix.training"): the reader's
// rating, the puzzles solved, each attempt's themes (the dashboard's success rates) and a
// streak (one wrong move ends it, one skip). The first try at a puzzle is recorded on the
// server with the signed, single-use token fetched for this page: the server replays the
// moves, decides whether they solve the puzzle and moves both ratings. Without JavaScript
// puzzles work as before, unrated.
(function () {
  "use strict";
  const kept = window.SixtySix.kept; // js/kept.js, loaded before this script

  // The puzzle list and the "next at my level" links: solved puzzles marked, skipped.
  function markList() {
    const solved = new Set((kept.load().solved || []).map(String));
    document.querySelectorAll("[data-puzzle-number]").forEach(function (row) {
      if (!solved.has(row.dataset.puzzleNumber) || row.parentElement.querySelector(".puzzle-solved")) return;
      const mark = document.createElement("span");
      mark.className = "puzzle-solved";
      mark.textContent = " ✓ " + (row.dataset.solvedText || "");
      row.after(mark);
    });
    document.querySelectorAll("a.puzzle-next-level").forEach(function (link) {
      const skip = Array.from(solved).slice(-300).join(",");
      if (skip) link.href = link.pathname + "?skip=" + skip;
    });
  }
  markList();

  const root = document.getElementById("puzzle");
  if (!root || !window.fetch) return;
  const number = Number(root.dataset.number);
  const streak = JSON.parse(window.sessionStorage.getItem(kept.key + ".streak") || "null");
  const inStreak = Boolean(streak && (window.location.hash === "#streak" || streak.current === number));
  let ticket = null;
  let sent = false;
  let message = "";

  function saveStreak(value) {
    if (value) window.sessionStorage.setItem(kept.key + ".streak", JSON.stringify(value));
    else window.sessionStorage.removeItem(kept.key + ".streak");
  }
  if (inStreak) {
    streak.current = number;
    streak.seen = (streak.seen || []).concat([number]).slice(-300);
    saveStreak(streak);
  }

  function link(text, href, extra) {
    const a = document.createElement("a");
    a.textContent = text;
    a.href = href;
    if (extra) a.className = extra;
    return a;
  }
  function nextHref(after) {
    const seen = (streak && streak.seen) || [];
    return root.dataset.nextUrl + "?streak=1&after=" + Math.round(after) + "&skip=" + seen.join(",");
  }

  function render() {
    const bar = document.getElementById("training-bar");
    if (!bar) return;
    bar.textContent = "";
    const data = kept.load();
    const parts = [];
    if (message) parts.push(message);
    else if (data.rating) parts.push(kept.fill(bar.dataset.ratingText, { rating: data.rating }));
    if (inStreak && streak) {
      parts.push(kept.fill(streak.over ? bar.dataset.streakOver : bar.dataset.streakText, { n: streak.count || 0 }));
    }
    bar.appendChild(document.createTextNode(parts.join(" · ")));
    if (inStreak && streak) {
      bar.appendChild(document.createElement("br"));
      if (streak.over) bar.appendChild(link(bar.dataset.againText, root.dataset.streakUrl, "button"));
      else if (streak.solved === number) bar.appendChild(link(bar.dataset.nextText, nextHref(streak.rating || 0), "button"));
      else if (!streak.skipped) {
        const skip = link(bar.dataset.skipText, nextHref((streak.rating || 0) - 1), "button button--quiet");
        skip.addEventListener("click", function () {
          streak.skipped = true;
          saveStreak(streak);
        });
        bar.appendChild(skip);
      }
    }
    bar.hidden = parts.length === 0 && !inStreak;
  }

  async function getTicket() {
    try {
      const response = await fetch(root.dataset.tokenUrl, { headers: { Accept: "application/json" } });
      if (response.ok) ticket = await response.json();
    } catch (error) {
      ticket = null;
    }
  }

  async function record(line, solved) {
    if (sent || !ticket) return;
    sent = true;
    const body = new URLSearchParams({ token: ticket.token, line: line });
    let answer = null;
    try {
      const response = await fetch(root.dataset.attemptUrl, {
        method: "POST",
        headers: { "X-CSRFToken": ticket.csrf, Accept: "application/json" },
        body: body,
        credentials: "same-origin",
      });
      answer = await response.json();
      if (!response.ok) {
        message = answer.error || "";
        answer = null;
      }
    } catch (error) {
      answer = null;
    }
    const data = kept.load();
    if (answer) {
      data.rating = answer.rating;
      data.deviation = answer.deviation;
      message = "";
      if (inStreak && streak) streak.rating = answer.puzzle_rating;
    }
    data.history = data.history || {};
    const themes = (root.dataset.themes || "").split(" ").filter(Boolean);
    data.history[number] = { s: solved ? 1 : 0, th: themes, t: Date.now() };
    if (solved) data.solved = Array.from(new Set((data.solved || []).concat([number])));
    kept.save(data);
    render();
  }

  document.addEventListener("puzzle:shown", function (event) {
    const fresh = document.getElementById("puzzle");
    const outcome = event.detail.outcome;
    const back = fresh.dataset.line || "";
    if (outcome === "wrong") {
      record(back ? back + "." + event.detail.move : event.detail.move, false);
      if (inStreak && streak && !streak.over && streak.solved !== number) {
        streak.over = true;
        saveStreak(streak);
      }
    } else if (outcome === "solved") {
      record(back, true);
      if (inStreak && streak && !streak.over && streak.solved !== number) {
        streak.count = (streak.count || 0) + 1;
        streak.solved = number;
        saveStreak(streak);
      }
    }
    render();
  });

  if (!root.dataset.line) getTicket();
  else sent = true; // a reload in mid-line is no new attempt
  render();
})();
