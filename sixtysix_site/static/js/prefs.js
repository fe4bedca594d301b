/* Sixty-Six: the reader's settings, applied before the page is painted.

   Loaded in <head> without defer (a tiny file, so the page never flashes the wrong colour
   scheme). It reads localStorage "sixtysix.settings" and sets on <html>:
   data-speed (normal | fast | off; reduced motion makes "off" the default), data-theme
   (auto | light | dark; the stylesheet follows prefers-color-scheme under auto and without
   this script), data-confirm-claim / data-confirm-close (on | off) and data-sound (on | off).
   Other scripts read and change the settings through window.SixtySix.settings; a change
   fires "sixtysix:settings" on document. */
(function () {
  "use strict";

  var KEY = "sixtysix.settings";
  var CHOICES = {
    speed: ["normal", "fast", "off"],
    theme: ["auto", "light", "dark"],
    confirmClaim: [true, false],
    confirmClose: [true, false],
    sound: [false, true]
  };

  function defaults() {
    var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    return { speed: still ? "off" : "normal", theme: "auto", confirmClaim: true, confirmClose: true, sound: false };
  }

  function read() {
    var values = defaults();
    var stored = {};
    try {
      stored = JSON.parse(window.localStorage.getItem(KEY) || "{}") || {};
    } catch (e) {
      stored = {};
    }
    Object.keys(CHOICES).forEach(function (name) {
      if (CHOICES[name].indexOf(stored[name]) !== -1) values[name] = stored[name];
    });
    return values;
  }

  function apply(values) {
    var data = document.documentElement.dataset;
    data.speed = values.speed;
    data.theme = values.theme;
    data.confirmClaim = values.confirmClaim ? "on" : "off";
    data.confirmClose = values.confirmClose ? "on" : "off";
    data.sound = values.sound ? "on" : "off";
  }

  function set(name, value) {
    if (!CHOICES[name] || CHOICES[name].indexOf(value) === -1) return;
    var values = read();
    values[name] = value;
    try {
      window.localStorage.setItem(KEY, JSON.stringify(values));
    } catch (e) {
      /* Private mode or storage full: the choice holds for this page only. */
    }
    apply(values);
    document.dispatchEvent(new CustomEvent("sixtysix:settings", { detail: values }));
  }

  window.SixtySix = window.SixtySix || {};
  window.SixtySix.settings = { get: read, set: set, choices: CHOICES };
  apply(read());
})();
