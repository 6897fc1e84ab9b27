// The home page's Schafkopf form: typing a rate of your own chooses "Your own tariff".
// Without this script the form works the same; the radio button is then chosen by hand.
(function () {
  "use strict";
  var form = document.querySelector("[data-schafkopf-setup]");
  if (!form) {
    return;
  }
  var own = form.querySelector("[data-own-tariff]");
  form.querySelectorAll("[data-own-rate]").forEach(function (rate) {
    rate.addEventListener("input", function () {
      own.checked = true;
    });
  });
})();
