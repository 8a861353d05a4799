/** The 'Meten' card of the settings overview, loaded with that page (src/resources/measuring). */
export { MeasuringSummary } from './MeasuringSummary';
