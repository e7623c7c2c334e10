export { widgetComponents } from './ui/registry';
