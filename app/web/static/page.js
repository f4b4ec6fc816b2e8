// The game's WebSocket is on the page's own host, over TLS when the page is (behind a proxy
// too). textual.js connects once the page has loaded, after this has run.
for (const terminal of document.querySelectorAll(".textual-terminal")) {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  terminal.dataset.sessionWebsocketUrl = scheme + "//" + window.location.host + "/ws";
}
for (const button of document.querySelectorAll("button.restart")) {
  button.addEventListener("click", () => { window.location.href = "/"; });
}
