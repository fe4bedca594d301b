/* Sixty-Six: keyboard shortcuts. A key clicks the visible, enabled element whose
   data-shortcut is that key (never while typing in a field, never with Ctrl, Alt or Meta);
   "?" opens a list of the page's shortcuts (the <dialog id="shortcuts"> in base.html),
   Escape closes it. Pages only add data-shortcut="1" ... to their buttons and links. */
(function () {
  "use strict";

  var help = document.getElementById("shortcuts");

  function typing(target) {
    if (!target || !target.closest) return false;
    return !!target.closest("input, textarea, select, [contenteditable]:not([contenteditable='false'])");
  }

  function usable(element) {
    if (element.disabled || element.getAttribute("aria-disabled") === "true") return false;
    return element.getClientRects().length > 0 && !element.closest("[hidden], [inert]");
  }

  function targets() {
    var found = {};
    document.querySelectorAll("[data-shortcut]").forEach(function (element) {
      var key = element.getAttribute("data-shortcut");
      if (!found[key] && usable(element)) found[key] = element;
    });
    return found;
  }

  /* The element's name: its aria-label, a card picture's label inside it, or its text. */
  function label(element) {
    var named = element.hasAttribute("aria-label") ? element : element.querySelector("[aria-label]");
    var text = named ? named.getAttribute("aria-label") : element.textContent;
    return (text || "").replace(/\s+/g, " ").trim();
  }

  function openHelp() {
    if (!help || typeof help.showModal !== "function") return;
    var list = help.querySelector("dl");
    list.textContent = "";
    var found = targets();
    Object.keys(found).sort().forEach(function (key) {
      var term = document.createElement("dt");
      var kbd = document.createElement("kbd");
      var text = document.createElement("dd");
      kbd.textContent = key;
      term.appendChild(kbd);
      text.textContent = label(found[key]);
      list.appendChild(term);
      list.appendChild(text);
    });
    list.hidden = !list.firstChild;
    help.showModal();
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (typing(event.target)) return;
    if (document.querySelector("dialog[open]:not(#shortcuts)")) return;
    if (event.key === "?") {
      event.preventDefault();
      if (help && help.open) help.close();
      else openHelp();
      return;
    }
    if (help && help.open) return; /* Escape is the dialog's own. */
    var element = targets()[event.key] || targets()[event.key.toLowerCase()];
    if (!element) return;
    event.preventDefault();
    element.click();
  });
})();
