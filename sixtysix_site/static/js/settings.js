/* Sixty-Six: the settings panel (a <dialog> rendered and translated by the server in
   base.html, opened from the header's button, which stays hidden without JavaScript).
   Every change applies at once through window.SixtySix.settings (prefs.js). It also asks
   before a claim or a close when the reader wants that: a click on an element with
   data-confirm="claim" or "close" is stopped unless the reader confirms. */
(function () {
  "use strict";

  var settings = window.SixtySix && window.SixtySix.settings;
  var dialog = document.getElementById("settings");
  var opener = document.querySelector("[data-settings-open]");
  if (!settings || !dialog || !opener || typeof dialog.showModal !== "function") return;
  var form = dialog.querySelector("form");

  function show() {
    var values = settings.get();
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!(field.name in values)) return;
      if (field.type === "checkbox") field.checked = values[field.name];
      else if (field.type === "radio") field.checked = field.value === values[field.name];
    });
  }

  opener.hidden = false;
  opener.addEventListener("click", function () {
    show();
    dialog.showModal();
  });
  dialog.addEventListener("close", function () {
    opener.focus();
  });
  /* A click on the backdrop (outside the panel's box) closes it too. */
  dialog.addEventListener("click", function (event) {
    if (event.target === dialog) dialog.close();
  });
  form.addEventListener("change", function (event) {
    var field = event.target;
    if (field.type === "checkbox") settings.set(field.name, field.checked);
    else if (field.type === "radio" && field.checked) settings.set(field.name, field.value);
  });

  document.addEventListener(
    "click",
    function (event) {
      var button = event.target.closest && event.target.closest("[data-confirm]");
      if (!button) return;
      var kind = button.getAttribute("data-confirm");
      var values = settings.get();
      var wanted = kind === "claim" ? values.confirmClaim : kind === "close" ? values.confirmClose : false;
      var question = dialog.getAttribute("data-ask-" + kind);
      if (!wanted || !question || window.confirm(question)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
    },
    true
  );
})();
