// tablecalc companion: taps add notation to a field; the server reads it, draws it and judges it.
// No rule of any game is here.
(function () {
  "use strict";
  function field(id) { return document.getElementById(id); }
  function modeOf(input) { var f = input.closest(".field"); return f ? f.dataset.mode : "text"; }
  function joinerOf(input) { var f = input.closest(".field"); return f ? (f.dataset.joiner || "") : " "; }
  function changed(input) { input.dispatchEvent(new Event("input", { bubbles: true })); }
  // A field set by one tap shows which token it holds.
  function markChosen(input) {
    var f = input.closest(".field");
    if (!f || f.dataset.mode !== "one") return;
    f.querySelectorAll("button.token[data-text]").forEach(function (t) {
      t.setAttribute("aria-pressed", t.dataset.text === input.value.trim() ? "true" : "false");
    });
  }

  document.addEventListener("click", function (e) {
    var b = e.target.closest("button");
    if (!b) return;
    if (b.dataset.text !== undefined && b.dataset.for) {
      var input = field(b.dataset.for);
      if (!input) return;
      if (modeOf(input) === "one") { input.value = b.dataset.text; markChosen(input); }
      else {
        var stack = (input.dataset.taps ? JSON.parse(input.dataset.taps) : []);
        var j = input.value.length ? joinerOf(input) : "";
        input.value = input.value + j + b.dataset.text;
        stack.push(j.length + b.dataset.text.length);
        input.dataset.taps = JSON.stringify(stack);
      }
      changed(input);
    } else if (b.dataset.back) {
      var inp = field(b.dataset.back);
      var taps = (inp.dataset.taps ? JSON.parse(inp.dataset.taps) : []);
      var n = taps.length ? taps.pop() : 0;
      if (n && n <= inp.value.length) inp.value = inp.value.slice(0, inp.value.length - n);
      else { var words = inp.value.trim().split(joinerOf(inp) || " "); words.pop(); inp.value = words.join(joinerOf(inp) || " "); }
      inp.dataset.taps = JSON.stringify(taps);
      changed(inp);
    } else if (b.dataset.clear) {
      var c = field(b.dataset.clear);
      c.value = ""; c.dataset.taps = "[]"; changed(c);
    } else if (b.dataset.step) {
      var s = field(b.dataset.for);
      var v = (parseInt(s.value, 10) || 0) + parseInt(b.dataset.step, 10);
      if (s.min !== "" && v < +s.min) v = +s.min;
      if (s.max !== "" && v > +s.max) v = +s.max;
      s.value = v; changed(s);
    }
  });

  document.addEventListener("input", function (e) { if (e.target.matches && e.target.matches("input")) markChosen(e.target); });

  // Typing by hand forgets the taps' lengths (a back-space then removes a word).
  document.addEventListener("keydown", function (e) {
    if (e.target.matches && e.target.matches("input")) e.target.dataset.taps = "[]";
  });

  // Redraw the situation being built: the server answers with its drawing and the answer's taps.
  var form = document.querySelector("form[data-draw]");
  if (form) {
    var timer = null, answerKept = null, asked = 0;
    form.addEventListener("input", function (e) {
      if (!e.target.name || e.target.name.indexOf("s.") !== 0) return;
      clearTimeout(timer);
      timer = setTimeout(redraw, 250);
    });
    var redraw = function () {
      var data = new FormData(form);
      var answer = form.querySelector("[name=answer]");
      answerKept = answer ? answer.value : "";
      var mine = ++asked;  // only the drawing of the latest situation is shown, whichever comes back last
      fetch(form.dataset.draw, { method: "POST", body: new URLSearchParams(data), credentials: "same-origin" })
        .then(function (r) { return r.text(); })
        .then(function (html) {
          if (mine !== asked) return;
          var slot = document.getElementById("preview");
          var now = slot.querySelector("[name=answer]");  // what was tapped while the drawing came
          if (now) answerKept = now.value;
          slot.innerHTML = html;
          var a = slot.querySelector("[name=answer]");
          if (a) { a.value = answerKept; markChosen(a); }
        })
        .catch(function () {});
    };
  }
})();

// A drill's clock: the seconds left, counted down; at zero the answer typed so far is sent (the
// server decides whether it came in time).
(function () {
  "use strict";
  var timer = document.querySelector(".timer[data-left]");
  var form = document.getElementById("answer-form");
  if (timer && form) {
    var end = Date.now() + parseFloat(timer.dataset.left) * 1000, sent = false;
    var tick = function () {
      var left = Math.max(0, (end - Date.now()) / 1000);
      timer.textContent = Math.ceil(left) + " s";
      if (left <= 10) timer.classList.add("short");
      if (left <= 0 && !sent) { sent = true; form.submit(); return; }
      if (!sent) setTimeout(tick, 200);
    };
    tick();
  }
  // A Zetamac round: each keystroke asks the server how the digits stand; right is sent at once.
  if (form && form.dataset.typed) {
    var input = form.querySelector("[name=answer]"), csrf = form.querySelector("[name=csrf]").value, asked = 0;
    var check = function () {
      var mine = ++asked;
      var body = new URLSearchParams({ csrf: csrf, typed: input.value });
      fetch(form.dataset.typed, { method: "POST", body: body, credentials: "same-origin" })
        .then(function (r) { return r.json(); })
        .then(function (d) {
          if (mine !== asked) return;
          input.classList.toggle("wrong", d.status === "wrong");
          if (d.status === "right") form.submit();
        }).catch(function () {});
    };
    input.addEventListener("input", check);
  }
})();
