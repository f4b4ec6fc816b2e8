// The run page's stepping, ours and small: the page works without it (its links and its seek
// form load ?step=N); with it, the same controls fetch one step's board and log as JSON.
"use strict";
(function () {
  const controls = document.getElementById("controls");
  if (!controls || !window.fetch) return;
  const run = controls.dataset.run;
  const total = Number(controls.dataset.total);
  const levels = controls.dataset.levels.split(" ").filter(Boolean).map(Number);
  const slider = document.getElementById("slider");
  const board = document.getElementById("board");
  const log = document.getElementById("log");
  const shown = document.getElementById("step");
  const play = document.getElementById("play");
  const speed = document.getElementById("speed");
  let step = Number(slider.value);
  let timer = null;
  let asked = 0;  // the latest request: an older answer arriving late is dropped

  function target(kind) {
    if (kind === "start") return 0;
    if (kind === "back") return Math.max(0, step - 1);
    if (kind === "forward") return Math.min(total, step + 1);
    if (kind === "end") return total;
    const next = levels.find((level) => level > step);
    return next === undefined ? total : next;
  }

  function relink() {
    for (const link of controls.querySelectorAll("a[data-go]")) {
      link.href = "?step=" + target(link.dataset.go);
    }
  }

  async function go(to) {
    to = Math.max(0, Math.min(total, to));
    const since = to > step ? step + 1 : 0;
    const mine = ++asked;
    const answer = await fetch("/runs/" + run + "/steps/" + to + "?since=" + since);
    if (!answer.ok || mine !== asked) return;
    const data = await answer.json();
    board.innerHTML = data.board;  // drawn and escaped by the server's templates
    if (data.since === 0) log.innerHTML = data.log; else log.insertAdjacentHTML("beforeend", data.log);
    log.scrollTop = log.scrollHeight;
    step = data.step;
    shown.textContent = String(step);
    slider.value = String(step);
    relink();
    history.replaceState(null, "", "?step=" + step);
    if (step >= total) stop();
  }

  function stop() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    play.textContent = "Play";
  }

  function tick() {
    go(step + 1).then(() => {
      if (timer !== null) timer = setTimeout(tick, Number(speed.value));
    });
  }

  controls.addEventListener("click", (event) => {
    const link = event.target.closest("a[data-go]");
    if (!link) return;
    event.preventDefault();
    stop();
    go(target(link.dataset.go));
  });
  document.getElementById("seek").addEventListener("submit", (event) => {
    event.preventDefault();
    stop();
    go(Number(slider.value));
  });
  slider.addEventListener("change", () => { stop(); go(Number(slider.value)); });
  play.addEventListener("click", () => {
    if (timer !== null) { stop(); return; }
    if (step >= total) return;
    play.textContent = "Pause";
    timer = setTimeout(tick, 0);
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea")) return;
    const keys = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end" };
    if (keys[event.key]) { event.preventDefault(); stop(); go(target(keys[event.key])); }
  });
  document.getElementById("player").hidden = false;
  log.scrollTop = log.scrollHeight;  // the latest lines, as after a step
})();
