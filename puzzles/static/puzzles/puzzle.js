// Puzzle moves without a full page load: every move is still a plain link (?line=...) that
// works without JavaScript; here the next position is fetched and swapped in place, the
// address follows (back and forward work) and the live feedback region stays the same node
// so that screen readers announce the verdict. A wrong try is played on the table first,
// then taken back, with the verdict beside the hand. After each swap a "puzzle:shown"
// event tells rated.js the move and the outcome.
(function () {
  "use strict";
  if (!document.getElementById("puzzle") || !window.fetch || !window.DOMParser) return;

  const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const HOLD = still ? 250 : 900; // how long a wrong card stays on the table

  function wait(ms) {
    return new Promise(function (resolve) {
      window.setTimeout(resolve, ms);
    });
  }

  // The tried card goes to the table at once: a copy in the trick, the hand's card dimmed.
  function playOnTable(link) {
    const trick = document.querySelector("#puzzle .trick");
    const face = link.querySelector(".card");
    if (!trick || !face) return null;
    let list = trick.querySelector(".trick__cards:not(.trick__cards--done)");
    if (!list) {
      trick.querySelectorAll(".trick__title, .trick__cards--done").forEach(function (old) {
        old.hidden = true;
      });
      list = document.createElement("ul");
      list.className = "trick__cards";
      trick.appendChild(list);
    }
    const item = document.createElement("li");
    item.className = "trick__card trick__card--you trick__card--tried just-played";
    item.appendChild(face.cloneNode(true));
    list.appendChild(item);
    link.classList.add("card-choice--tried");
    return item;
  }

  async function show(url, push, link) {
    const tried = link && link.dataset.move && link.dataset.move.indexOf("play-") === 0 ? playOnTable(link) : null;
    let html;
    try {
      const response = await fetch(url, { headers: { Accept: "text/html" } });
      html = await response.text();
    } catch (error) {
      window.location.href = url;
      return;
    }
    const fresh = new DOMParser().parseFromString(html, "text/html").getElementById("puzzle");
    const current = document.getElementById("puzzle");
    if (!fresh || !current) {
      window.location.href = url;
      return;
    }
    const feedback = document.getElementById("feedback");
    const verdict = fresh.querySelector("#feedback");
    const outcome = fresh.dataset.outcome || "";
    if (tried && outcome === "wrong" && feedback && verdict) {
      // the verdict beside the hand while the wrong card is still on the table
      feedback.className = verdict.className;
      feedback.innerHTML = verdict.innerHTML;
      await wait(HOLD);
    }
    current.replaceWith(fresh);
    if (feedback && verdict) {
      verdict.replaceWith(feedback);
      feedback.className = verdict.className;
      feedback.innerHTML = verdict.innerHTML;
    }
    if (push) window.history.pushState({ puzzle: true }, "", url);
    const move = link ? link.dataset.move || "" : "";
    document.dispatchEvent(new CustomEvent("puzzle:shown", { detail: { move: move, outcome: outcome } }));
  }

  document.addEventListener("click", function (event) {
    const link = event.target.closest("#puzzle a[href^='?']");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    show(link.href, true, link);
  });
  window.addEventListener("popstate", function () {
    show(window.location.href, false, null);
  });
})();
