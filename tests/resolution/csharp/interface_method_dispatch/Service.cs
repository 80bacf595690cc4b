namespace App
{
    public class Service
    {
        void Store(IStore store, string item)
        {
            store.Save(item);
        }
    }
}
