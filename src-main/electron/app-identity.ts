// Who the app is to the OS. electron-builder.yml repeats appId and productName (a test keeps them equal).
export const appId = 'dev.vitruvian.app';
export const productName = 'Vitruvian';
/**
 * The name `npm start` runs under, with a data folder of that name: beside the installed app it
 * keeps its own tools, preferences and single-instance lock.
 */
export const developmentName = 'Vitruvian Dev';
