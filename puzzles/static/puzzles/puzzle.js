// Puzzle moves without a full page load: every move is still a plain link (?line=...) that
// works without JavaScript; here the next position is fetched and swapped in place, the
// address follows (back and forward work) and the live feedback region stays the same node
// so that screen readers announce the verdict.
(function () {
  "use strict";
  if (!document.getElementById("puzzle") || !window.fetch || !window.DOMParser) return;

  async function show(url, push) {
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
    current.replaceWith(fresh);
    if (feedback && verdict) {
      verdict.replaceWith(feedback);
      feedback.className = verdict.className;
      feedback.innerHTML = verdict.innerHTML;
    }
    if (push) window.history.pushState({ puzzle: true }, "", url);
  }

  document.addEventListener("click", function (event) {
    const link = event.target.closest("#puzzle a[href^='?']");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    show(link.href, true);
  });
  window.addEventListener("popstate", function () {
    show(window.location.href, false);
  });
})();
