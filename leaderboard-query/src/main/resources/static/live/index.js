"use strict";
(() => {
  const status = document.getElementById("status");
  const list = document.getElementById("boards");

  async function load() {
    try {
      const { boards } = await Api.json("/boards");
      list.innerHTML = "";
      status.textContent = boards.length ? "" : "No boards yet. Create one with the writer's POST /boards.";
      for (const board of boards) {
        const item = document.createElement("li");
        const link = document.createElement("a");
        link.href = "/boards/" + encodeURIComponent(board.board);
        link.className = "board-card";
        const name = document.createElement("span");
        name.className = "board-name";
        name.textContent = board.board;
        const meta = document.createElement("span");
        meta.className = "board-meta";
        const kind = { BEST: "best score", LOWEST: "lowest score", COUNT: "count" }[board.score];
        meta.textContent = (board.period
          ? board.period.toLowerCase() + " · " + board.timeZone
          : "all time") + (kind ? " · " + kind : "");
        link.append(name, meta);
        item.append(link);
        list.append(item);
      }
    } catch (e) {
      if (e.status === 401 || e.status === 403) {
        status.textContent = "";
        Api.askForCredential(e, load);
      } else {
        status.textContent = "Could not load the boards: " + e.message;
      }
    }
  }
  load();
})();
