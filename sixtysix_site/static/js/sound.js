/* Sixty-Six: short sounds made in the browser (Web Audio oscillators; no sound files).
   window.SixtySix.sound.play(name) with name one of "card", "trick", "deal-end", "right",
   "wrong"; silent unless the reader turned sound on in the settings (prefs.js). */
(function () {
  "use strict";

  /* Each sound: notes of [frequency in Hz, start in s, length in s], a wave and a volume. */
  var SOUNDS = {
    card: { wave: "triangle", gain: 0.18, notes: [[520, 0, 0.05]] },
    trick: { wave: "triangle", gain: 0.16, notes: [[392, 0, 0.06], [330, 0.07, 0.08]] },
    "deal-end": { wave: "sine", gain: 0.2, notes: [[523, 0, 0.12], [659, 0.12, 0.12], [784, 0.24, 0.22]] },
    right: { wave: "sine", gain: 0.2, notes: [[660, 0, 0.08], [880, 0.09, 0.14]] },
    wrong: { wave: "square", gain: 0.08, notes: [[220, 0, 0.12], [185, 0.13, 0.16]] }
  };
  var context = null;

  function audio() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    if (!context) context = new Context();
    if (context.state === "suspended") context.resume();
    return context;
  }

  function play(name) {
    var sound = SOUNDS[name];
    var settings = window.SixtySix.settings;
    if (!sound || !settings || !settings.get().sound) return false;
    var ctx = audio();
    if (!ctx) return false;
    var now = ctx.currentTime;
    sound.notes.forEach(function (note) {
      var osc = ctx.createOscillator();
      var gain = ctx.createGain();
      var start = now + note[1];
      var end = start + note[2];
      osc.type = sound.wave;
      osc.frequency.setValueAtTime(note[0], start);
      /* A quick rise and an exponential fall: a click-free tone. */
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(sound.gain, start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, end);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start);
      osc.stop(end + 0.02);
    });
    return true;
  }

  window.SixtySix = window.SixtySix || {};
  window.SixtySix.sound = { play: play, names: Object.keys(SOUNDS) };
})();
