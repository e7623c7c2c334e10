export { buttonSettings, headingSettings, imageSettings, textEditorSettings } from './settings';
export { serverWidgets, type WidgetData, type WidgetLoadContext } from './registry.server';
