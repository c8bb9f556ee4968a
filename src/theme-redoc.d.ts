// Module declarations of redocusaurus's theme components (@theme/ApiDoc, @theme/Redoc…), which
// the package ships but does not reference from its entry point.
/// <reference types="docusaurus-theme-redoc/dist/types/modules" />
