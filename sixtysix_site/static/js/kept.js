// What this browser keeps for training (localStorage "sixtysix.training"), read and written
// by the puzzle pages (puzzles/rated.js) and the training pages (training/training.js)
// through window.SixtySix.kept: load and save the whole record, fill a [[name]] sentence.
(function () {
  "use strict";
  const KEY = "sixtysix.training";

  function load() {
    try {
      return JSON.parse(window.localStorage.getItem(KEY)) || {};
    } catch (error) {
      return {};
    }
  }
  function save(data) {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(data));
    } catch (error) {
      /* private mode: nothing kept (a rating lives in the cookie only) */
    }
  }
  function fill(text, values) {
    return String(text || "").replace(/\[\[(\w+)\]\]/g, function (all, name) {
      return name in values ? values[name] : all;
    });
  }

  window.SixtySix = window.SixtySix || {};
  window.SixtySix.kept = { key: KEY, load: load, save: save, fill: fill };
})();
