"use strict";
/*
 * ATTENTION: An "eval-source-map" devtool has been used.
 * This devtool is neither made for production nor for readable output files.
 * It uses "eval()" calls to create a separate source file with attached SourceMaps in the browser devtools.
 * If you are trying to read the output file, select a different devtool (https://webpack.js.org/configuration/devtool/)
 * or disable the default devtool with "devtool: false".
 * If you are looking for production-ready output files, see mode: "production" (https://webpack.js.org/configuration/mode/).
 */
(self["webpackChunkstudent"] = self["webpackChunkstudent"] || []).push([["webpack_mui-subpaths_SvgIcon_ts-_c42a1"],{

/***/ "../webpack/mui-subpaths/SvgIcon.ts"
/*!******************************************!*\
  !*** ../webpack/mui-subpaths/SvgIcon.ts ***!
  \******************************************/
(__unused_webpack_module, __webpack_exports__, __webpack_require__) {

eval("{__webpack_require__.r(__webpack_exports__);\n/* harmony export */ __webpack_require__.d(__webpack_exports__, {\n/* harmony export */   \"default\": () => (/* reexport safe */ _mui_material__WEBPACK_IMPORTED_MODULE_0__.SvgIcon)\n/* harmony export */ });\n/* harmony import */ var _mui_material__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(/*! @mui/material */ \"webpack/sharing/consume/default/@mui/material/@mui/material\");\n/* harmony reexport (unknown) */ var __WEBPACK_REEXPORT_OBJECT__ = {};\n/* harmony reexport (unknown) */ for(const __WEBPACK_IMPORT_KEY__ in _mui_material__WEBPACK_IMPORTED_MODULE_0__) if(__WEBPACK_IMPORT_KEY__ !== \"default\") __WEBPACK_REEXPORT_OBJECT__[__WEBPACK_IMPORT_KEY__] = () => _mui_material__WEBPACK_IMPORTED_MODULE_0__[__WEBPACK_IMPORT_KEY__]\n/* harmony reexport (unknown) */ __webpack_require__.d(__webpack_exports__, __WEBPACK_REEXPORT_OBJECT__);\n// Alias target of '@mui/material/SvgIcon' (see ../federation.ts muiSubpathAliases).\n\n\n//# sourceURL=[module]\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,eyJ2ZXJzaW9uIjozLCJmaWxlIjoiLi4vd2VicGFjay9tdWktc3VicGF0aHMvU3ZnSWNvbi50cyIsIm1hcHBpbmdzIjoiOzs7Ozs7OztBQUFBO0FBQ0E7QUFDQSIsInNvdXJjZXMiOlsid2VicGFjazovL3N0dWRlbnQvLi4vd2VicGFjay9tdWktc3VicGF0aHMvU3ZnSWNvbi50cz8zYWFhIl0sInNvdXJjZXNDb250ZW50IjpbIi8vIEFsaWFzIHRhcmdldCBvZiAnQG11aS9tYXRlcmlhbC9TdmdJY29uJyAoc2VlIC4uL2ZlZGVyYXRpb24udHMgbXVpU3VicGF0aEFsaWFzZXMpLlxuZXhwb3J0ICogZnJvbSAnQG11aS9tYXRlcmlhbCc7XG5leHBvcnQgeyBTdmdJY29uIGFzIGRlZmF1bHQgfSBmcm9tICdAbXVpL21hdGVyaWFsJztcbiJdLCJuYW1lcyI6W10sInNvdXJjZVJvb3QiOiIifQ==\n//# sourceURL=webpack-internal:///../webpack/mui-subpaths/SvgIcon.ts\n\n}");

/***/ }

}]);