export { serverWidgets, type WidgetData, type WidgetLoadContext } from './registry.server';
export { buttonSettings, headingSettings, imageSettings, textEditorSettings } from './settings';
