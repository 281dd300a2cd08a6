MathJax.Hub.Config({
  "HTML-CSS": { availableFonts: ["TeX"], preferredFont: "TeX", webFont: "TeX", imageFont: null },
  messageStyle: "none"
});
